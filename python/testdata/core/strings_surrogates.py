# Lone surrogates (issue 18 red-team finding): a str here is UTF-8, which
# cannot hold one, so every way of making one ("\ud800", chr(0xd800), a
# JSON "\ud800" escape) gives the same one-code-point str. What CPython
# and we agree on is checked here; what differs (ord, repr, encode) is
# documented in python/doc.go.
import json
a, b = '\ud800', chr(0xd800)
print(len(a), len(b), a == b, len(a + 'x' + b), (a + 'x' + b).index('x'))
print(len('\ud83d\ude00'), '\ud83d\ude00'[1] == '\ude00', len('a\udc80b'), 'a\udc80b'[2])
print(len(json.loads('"\\ud800"')), json.loads('"\\ud83d\\ude00"'), len(json.loads('"x\\udc00y"')))
print(a in 'z' + a, 'z{}z'.format(a).count(a), [len(c) for c in a + b])
print(sorted([b, 'a', 'b'])[0], len({a, b}))
