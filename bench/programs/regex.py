# Regular expressions over text: findall, sub with groups, split, named groups.
import re
lines = ["2026-%02d-%02d ERROR [svc-%d] request id=%d failed after %dms user=u%d@example.com"
         % (i % 12 + 1, i % 28 + 1, i % 9, i, i % 900, i % 77) for i in range(8000)]
text = "\n".join(lines)
ids = re.findall(r"id=(\d+)", text)
pat = re.compile(r"(?P<date>\d{4}-\d{2}-\d{2}) (?P<level>\w+) \[(?P<svc>[\w-]+)\]")
svcs = {}
for m in pat.finditer(text):
    svcs[m.group("svc")] = svcs.get(m.group("svc"), 0) + 1
masked = re.sub(r"u(\d+)@example\.com", r"<user \1>", text)
words = re.split(r"[\s=\[\]]+", lines[0])
return len(ids), sorted(svcs.items())[:3], masked[:60], words[:6]
