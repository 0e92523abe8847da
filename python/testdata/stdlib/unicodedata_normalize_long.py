import unicodedata
for f in ['NFC', 'NFD', 'NFKC', 'NFKD']:
    for s in ['\ufdfa' * 3, 'e\u0301' * 2 + 'x', 'Å', '', 'abc', '\u1e9b\u0323', ('ﬁ' * 70000)[:5]]:
        r = unicodedata.normalize(f, s)
        print(f, len(s), len(r), ascii(r[:40]), unicodedata.is_normalized(f, s))
big = unicodedata.normalize('NFKD', '\ufdfa' * 50000)
print(len(big), big[:20] == unicodedata.normalize('NFKD', '\ufdfa')[:20])
