import re
log = "2024-03-01 ERROR [db] connection lost (code=57)"
m = re.match(r"(\d{4}-\d{2}-\d{2}) (\w+) \[(\w+)\] (.*)", log)
print(m.groups(), m.group(2), m.span(3))
# ---
import re
text = "Contact: ada@example.com, bob.smith@corp.io; invalid@; cy@x.org"
print(re.findall(r"[\w.+-]+@[\w-]+\.[\w.]+", text))
# ---
import re
s = "price: $12.50, tax: $1.05, total: $13.55"
amounts = [float(x) for x in re.findall(r"\$(\d+\.\d+)", s)]
print(amounts, round(sum(amounts[:2]), 2))
# ---
import re
m = re.search(r"(?P<key>\w+)=(?P<val>[^;]+)", "a; user=ada lovelace; x=1")
print(m.group("key"), m["val"], m.groupdict())
# ---
import re
pairs = dict(re.findall(r"(\w+)=(\w+)", "a=1 b=2 c=3"))
pairs
# ---
import re
print(re.sub(r"\s+", " ", "  too   many    spaces  ").strip())
print(re.sub(r"(\w+)@(\w+)", r"\2 at \1", "ada@home"))
print(re.sub(r"\d", lambda m: str(int(m.group()) * 2), "a1b2c9"))
# ---
import re
print(re.split(r"[,;]\s*", "a, b;c ,d"), re.split(r"(\d)", "a1b2c"), re.split(r"\s+", " x y "))
# ---
import re
for m in re.finditer(r"#(\d+)", "fixes #12 and #345"):
    print(m.group(0), m.group(1), m.start(), m.end())
# ---
import re
pat = re.compile(r"^(?:https?://)?([^/:]+)", re.IGNORECASE)
print([pat.match(u).group(1) for u in ["HTTP://Example.com/x", "api.io:8080/v1", "https://a.b.c"]])
# ---
import re
text = """title: Hello
author: ada
date: 2024-01-01"""
meta = dict(re.findall(r"^(\w+):\s*(.+)$", text, re.MULTILINE))
print(meta)
# ---
import re
print(re.fullmatch(r"\d{3}-\d{4}", "555-1234") is not None, re.fullmatch(r"\d+", "12a"))
# ---
import re
m = re.search(r"version (\d+)\.(\d+)(?:\.(\d+))?", "running version 3.11")
print(m.groups(), m.groups(default="0"), m.group(0))
# ---
import re
print(re.findall(r"\b[A-Z][a-z]+\b", "Alice met Bob in Paris, not london"))
print(re.findall(r"(?i)\bthe\b", "The cat saw the other THE"))
# ---
import re
print(re.escape("a.b*c?(d)"), re.sub(re.escape("1+1"), "2", "1+1=2"))
# ---
import re
try:
    re.compile(r"(unclosed")
except re.error as e:
    print(type(e).__name__, e)
# ---
import re
s = "<b>bold</b> and <i>it</i>"
print(re.findall(r"<(\w+)>(.*?)</\1>", s), re.sub(r"<[^>]+>", "", s))
# ---
import re
snake = re.sub(r"(?<!^)(?=[A-Z])", "_", "getHTTPResponseCode").lower()
camel = re.sub(r"_([a-z])", lambda m: m.group(1).upper(), "user_id_value")
print(snake, camel)
# ---
import re
print(re.sub(r"(\d)(?=(\d{3})+$)", r"\1,", "1234567"), re.subn(r"a", "A", "banana"))
# ---
import re
lines = ["GET /api/users 200 12ms", "POST /api/login 401 5ms", "GET /health 200 1ms"]
pat = re.compile(r"(?P<method>\w+) (?P<path>\S+) (?P<status>\d{3}) (?P<ms>\d+)ms")
rows = [pat.match(l).groupdict() for l in lines]
print([r["path"] for r in rows if r["status"] != "200"], sum(int(r["ms"]) for r in rows))
# ---
import re
m = re.match(r"a", "xyz")
try:
    print(m.group(0))
except AttributeError as e:
    print(e)
# ---
import re
text = "Error: disk full\nWarning: low mem\nError: timeout"
errors = re.findall(r"^Error: (.*)$", text, flags=re.M)
print(errors, len(re.findall(".", "a\nb", re.S)))
# ---
import re
print(re.match(r"(\w+)\s(\w+)", "hello world").expand(r"\2 \1"), bool(re.search(r"\d", "abc")))
# ---
import re
pat = re.compile(r"""
    (?P<year>\d{4})   # year
    -(?P<mon>\d{2})   # month
""", re.VERBOSE)
print(pat.search("on 2024-05-17").groupdict())
# ---
import re
print(re.findall(r"\d+", "no digits"), re.findall(r"(a)(b)?", "ab a"), re.sub(r"x*", "-", "abc"))
# ---
import re
m = re.search(r"(\d+)", "id: 42")
print(repr(m.group(1)), m.lastindex, m.string, m.re.pattern)
# ---
import re
tokens = re.findall(r"\d+\.\d+|\d+|[+\-*/()]", "3.5 + (2 * 10) - 4/2")
tokens
