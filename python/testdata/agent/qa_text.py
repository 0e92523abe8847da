names = ["José", "Zoë", "straße", "naïve café", "plain"]
print([n.encode("ascii", "ignore").decode() for n in names], [n.encode("ascii", "replace") for n in names])
# ---
names = ["José", "Zoë", "naïve café", "plain"]
print([n.encode("ascii", "xmlcharrefreplace") for n in names], [n.encode("ascii", "backslashreplace") for n in names])
# ---
print("hé".encode("utf-16-le"), "hé".encode("utf-16"), b"h\x00\xe9\x00".decode("utf-16-le"), "x".encode("utf-32-be"))
# ---
print("ΣΊΣΥΦΟΣ".casefold(), "ﬁne".casefold(), "ﬃ".casefold(), "Straße".casefold() == "STRASSE".casefold(), "ǅ".islower())
# ---
words = ["Éclair", "apple", "Zebra", "éclair", "zebra", "Apple", "ÅNGSTRÖM"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=str.casefold), sorted(set(w.lower() for w in words)))
# ---
import re
s = "Prices: €12.50, £7, $1,299.99 and ¥300; tags #ai #ML #ai"
print(re.findall(r"[€£$¥]([\d,]+(?:\.\d+)?)", s), sorted(set(t.lower() for t in re.findall(r"#(\w+)", s))), re.sub(r"[^\x00-\x7f]", "?", s)[:20])
# ---
text = "  Hello\u00a0World\u2003and\tfriends\n  "
print(text.split(), text.strip(), repr(" ".join(text.split())), len(text), text.isprintable(), "\u00a0".isspace())
# ---
s = "naïve café — “quoted” ‘single’ … done"
table = str.maketrans({"—": "-", "“": '"', "”": '"', "‘": "'", "’": "'", "…": "..."})
print(s.translate(table), len(s), len(s.encode()), s.upper(), s.title())
# ---
def slugify(s):
    import re
    s = s.lower().strip()
    s = re.sub(r"[^\w\s-]", "", s)
    s = re.sub(r"[\s_-]+", "-", s)
    return s.strip("-")
print([slugify(t) for t in ["Hello, World!", "  Über cool -- stuff  ", "snake_case_and  spaces", "emoji 🙂 here", "ALL CAPS!!!"]])
# ---
def truncate(s, n, ell="…"):
    return s if len(s) <= n else s[: n - len(ell)].rstrip() + ell
for t in ["short", "exactly ten", "a much longer sentence that goes on", "日本語のテキストです"]:
    print(f"[{truncate(t, 10):<10}] {len(truncate(t, 10))}")
