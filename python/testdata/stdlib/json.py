import json
print(json.dumps({"a": 1, "b": [1, 2.5, None, True, False], "c": "x"}))
# ---
import json
print(json.dumps([1, "two", None], indent=2))
print(json.dumps({"k": {"n": [1, {"m": []}], "e": {}}}, indent=4))
# ---
import json
print(json.dumps({"b": 1, "a": 2, "c": {"z": 1, "y": 2}}, sort_keys=True))
print(json.dumps({"b": 1, "a": 2}, sort_keys=True, indent="\t"))
# ---
import json
print(json.dumps({"a": [1, 2]}, separators=(",", ":")))
print(json.dumps({"a": [1, 2]}, indent=1, separators=(", ", " = ")))
# ---
import json
print(json.dumps("héllo ☃ 😀"), json.dumps("héllo ☃ 😀", ensure_ascii=False))
print(json.dumps("tab\there \"quoted\" back\\slash \n \r \b \f \x00 \x1f \x7f"))
# ---
import json
print(json.dumps(1.0), json.dumps(0.1), json.dumps(1e16), json.dumps(-0.0), json.dumps(1e-7), json.dumps(123456789.123))
print(json.dumps(float("inf")), json.dumps(float("-inf")), json.dumps(float("nan")))
# ---
import json
json.dumps([float("nan")], allow_nan=False)
# raises: ValueError: Out of range float values are not JSON compliant
# ---
import json
print(json.dumps({1: "a", 2.5: "b", True: "c", None: "d", False: "e"}))
# ---
import json
json.dumps({(1, 2): "x"})
# raises: TypeError: keys must be str, int, float, bool or None, not tuple
# ---
import json
print(json.dumps({(1, 2): "x", "ok": 1}, skipkeys=True))
# ---
import json
json.dumps({"s": {1, 2}})
# raises: TypeError: Object of type set is not JSON serializable
# ---
import json
class P:
    def __init__(self, x): self.x = x
json.dumps([P(1)])
# raises: TypeError: Object of type P is not JSON serializable
# ---
import json
class P:
    def __init__(self, x): self.x = x
print(json.dumps({"p": P(3), "s": {1}}, default=lambda o: sorted(o) if isinstance(o, set) else o.__dict__))
# ---
import json
print(json.dumps((1, 2)), json.dumps([]), json.dumps({}), json.dumps(""), json.dumps(10**30), json.dumps(-5))
# ---
import json
a = []
a.append(a)
json.dumps(a)
# raises: ValueError: Circular reference detected
# ---
import json
d = {}
d["self"] = d
json.dumps(d)
# raises: ValueError: Circular reference detected
# ---
import json
x = [1, 2]
print(json.dumps([x, x, {"a": x}]))
# ---
import json
print(json.loads('{"a": [1, 2.5, null, true, false, "x"], "b": {}}'))
# ---
import json
v = json.loads('  [1, -2, 3.0, 1e3, -1.5E-2, 0, 123456789012345678901234567890]  ')
print(v, [type(x).__name__ for x in v])
# ---
import json
print(json.loads('"\\u00e9\\n\\t\\"\\\\\\/ \\ud83d\\ude00"'), json.loads(b'{"k": "v"}'))
# ---
import json
print(json.loads('NaN'), json.loads('Infinity'), json.loads('-Infinity'), json.loads('{"a": 1, "a": 2}'))
# ---
import json
json.loads('')
# raises: JSONDecodeError: Expecting value: line 1 column 1 (char 0)
# ---
import json
json.loads('{"a": 1,}')
# raises: JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 9 (char 8)
# ---
import json
json.loads('[1, 2,]')
# raises: JSONDecodeError: Expecting value: line 1 column 7 (char 6)
# ---
import json
json.loads('{"a" 1}')
# raises: JSONDecodeError: Expecting ':' delimiter: line 1 column 6 (char 5)
# ---
import json
json.loads('[1 2]')
# raises: JSONDecodeError: Expecting ',' delimiter: line 1 column 4 (char 3)
# ---
import json
json.loads('{"a": 1} x')
# raises: JSONDecodeError: Extra data: line 1 column 10 (char 9)
# ---
import json
json.loads('"abc')
# raises: JSONDecodeError: Unterminated string starting at: line 1 column 1 (char 0)
# ---
import json
json.loads('{\n  "a": 1,\n  "b": tru\n}')
# raises: JSONDecodeError: Expecting value: line 3 column 8 (char 19)
# ---
import json
json.loads('"bad \\x escape"')
# raises: JSONDecodeError: Invalid \escape: line 1 column 6 (char 5)
# ---
import json
json.loads('"a\tb"')
# raises: JSONDecodeError: Invalid control character at: line 1 column 3 (char 2)
# ---
import json
json.loads("{'a': 1}")
# raises: JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)
# ---
import json
json.loads('"\\u12"')
# raises: JSONDecodeError: Invalid \uXXXX escape: line 1 column 3 (char 2)
# ---
import json
try:
    json.loads('[1, 2')
except json.JSONDecodeError as e:
    print(type(e).__name__, e.msg, e.pos, e.lineno, e.colno, isinstance(e, ValueError))
# ---
import json
try:
    json.loads('\n\n  [x]')
except ValueError as e:
    print(e)
# ---
import json
json.loads(5)
# raises: TypeError: the JSON object must be str, bytes or bytearray, not int
# ---
import json
print(json.loads('{"a": 1, "b": 2}', object_pairs_hook=lambda p: p))
print(json.loads('{"a": {"b": 1}}', object_hook=lambda d: sorted(d.items())))
# ---
import json
print(json.loads('[1.5, 2, 3]', parse_float=str, parse_int=lambda s: int(s) * 10))
print(json.loads('[NaN]', parse_constant=lambda c: "const:" + c))
# ---
import json
data = {"users": [{"name": "ada", "age": 36}, {"name": "bob", "age": 41}], "ok": True}
s = json.dumps(data)
print(s == json.dumps(json.loads(s)), json.loads(s) == data)
# ---
import json
print(json.dumps(json.loads('{"x": 1.10, "y": 100.0, "z": 1E400}')))
# ---
import json
print(json.loads('[]'), json.loads('{}'), json.loads(' "" '), json.loads('-0'), json.loads('-0.0'), json.loads('1E2'))
# ---
import json
json.loads('01')
# raises: JSONDecodeError: Extra data: line 1 column 2 (char 1)
# ---
import json
json.loads('-')
# raises: JSONDecodeError: Expecting value: line 1 column 1 (char 0)
# ---
import json
json.loads('[1.]')
# raises: JSONDecodeError: Expecting ',' delimiter: line 1 column 3 (char 2)
# ---
import json
print(json.loads('1e5'), json.loads('1.5e+2'), json.loads('[1e]'[:-1] + ']') if False else 0)
# ---
import json
json.loads('[1e]')
# raises: JSONDecodeError: Expecting ',' delimiter: line 1 column 3 (char 2)
# ---
import json
print(json.dumps({"nested": [[], [[]], {"a": []}]}, indent=2))
# ---
import json
print(json.dumps([1, [2, [3]]], indent=0))
# ---
import json
print(json.dumps("\u2028\u2029"), json.dumps("日本語", ensure_ascii=False), len(json.dumps("日本語")))
# ---
import json
json.dumps({"a": 1}, indent=2, cls=None, bogus=1)
# raises: TypeError: JSONEncoder.__init__() got an unexpected keyword argument 'bogus'
# ---
import json
print(json.dumps(True), json.dumps(None), json.dumps([True, None]), json.dumps({"t": True}, sort_keys=True))
# ---
import json
rows = [{"id": i, "tags": ["t%d" % j for j in range(i)]} for i in range(3)]
print(json.dumps(rows, indent=2, sort_keys=True))
# ---
import json
print(json.dumps({3: 1, 1: 2, 2: 3}, sort_keys=True))
# ---
import json
json.dumps({1: 1, "a": 2}, sort_keys=True)
# raises: TypeError: '<' not supported between instances of 'str' and 'int'
# ---
import json
try:
    json.loads('{"a": [1, 2, {"b": }]}')
except json.JSONDecodeError as e:
    print(e.msg, "at", e.pos, repr(e.doc[e.pos]))
# ---
import json
json.dumps()
# raises: TypeError: dumps() missing 1 required positional argument: 'obj'
# ---
import json
json.loads('[]', bogus=True)
# raises: TypeError: JSONDecoder.__init__() got an unexpected keyword argument 'bogus'
# ---
import json
json.loads('[' * 100000 + ']' * 100000)
# raises: RecursionError: maximum recursion depth exceeded while decoding a JSON array from a unicode string
# ---
import json
json.loads('{"a":' * 5000 + '1' + '}' * 5000)
# raises: RecursionError: maximum recursion depth exceeded while decoding a JSON object from a unicode string
# ---
import json
x = []
for _ in range(5000):
    x = [x]
json.dumps(x)
# raises: RecursionError: maximum recursion depth exceeded while encoding a JSON object
# ---
import json, random
random.seed(7)
xs = [random.random() * float("1e%d" % random.randint(-25, 25)) * random.choice([1, -1]) for _ in range(300)]
s = json.dumps(xs)
print(s[:300], len(s), json.loads(s) == xs, sum(json.loads(s)) == sum(xs))
# ---
import json, random
random.seed(3)
doc = {str(i): [random.randint(-10**20, 10**20), "s%d\u00e9" % i, i % 3 == 0, None] for i in range(50)}
s = json.dumps(doc, sort_keys=True, indent=1)
print(len(s), s[:200], json.loads(s) == doc)
# ---
import json
from datetime import date, datetime
class Enc(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, (date, datetime)):
            return o.isoformat()
        if isinstance(o, set):
            return sorted(o)
        return super().default(o)
print(json.dumps({"d": date(2024, 1, 2), "s": {3, 1}}, cls=Enc))
print(json.dumps({"d": date(2024, 1, 2), "b": [1]}, cls=Enc, indent=2, sort_keys=True))
print(Enc(sort_keys=True).encode({"b": 1, "a": 2}), json.JSONEncoder().encode([1, "x"]), json.JSONEncoder(separators=(",", ":")).encode({"a": [1, 2]}))
try:
    json.dumps({"x": object()}, cls=Enc)
except TypeError as e:
    print("TypeError", e)
class Dec(json.JSONDecoder):
    def __init__(self, **kw):
        super().__init__(object_hook=self.hook, **kw)
    def hook(self, d):
        return {k.upper(): v for k, v in d.items()}
print(json.loads('{"a": {"b": 1}}', cls=Dec), json.JSONDecoder().decode('[1, 2.5]'), json.JSONDecoder(parse_float=str).decode('[1.5]'))
enc = json.JSONEncoder(indent=4)
print(enc.indent, enc.item_separator, enc.key_separator, enc.sort_keys)
# ---
import json
class Enc(json.JSONEncoder):
    pass
json.dumps([{1, 2}], cls=Enc)
# raises: TypeError: Object of type set is not JSON serializable
