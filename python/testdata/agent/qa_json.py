import json
from enum import Enum, IntEnum
class S(str, Enum):
    A = "a"
class N(IntEnum):
    ONE = 1
print(json.dumps({"a": [], "b": {}, "c": [{}], "d": [[]]}, indent=2))
print(json.dumps("🙂é\u2028\x7f\x00"), json.dumps("🙂", ensure_ascii=False), json.dumps([1e-7, 1e22, 1.5e-10, 100.0, 1e16, 12345678901234567890.0, 0.1 + 0.2, -0.0, 5e-324]))
print(json.dumps({"n": N.ONE}), json.dumps([True, False, None]), json.dumps({"z": {"b": 1, "a": 2}, "a": [3, {"d": 1, "c": 2}]}, sort_keys=True))
print(json.loads("1.0000000000000001"), json.loads("[1e400, -1e400]"), json.loads('"\\ud83d\\ude42"'), json.loads(" {\"a\" : [ 1 , 2 ] } "), json.loads("-0"), json.loads("-0.0"), json.loads("0.1e1"))
# ---
import json
print(json.dumps({"a": 1}, indent=4, separators=(",", ": ")), json.dumps([1, 2], indent=None, separators=(", ", ": ")), json.dumps({"k": "v"}, indent="--"))
print(json.dumps(list(range(3)), indent=1), repr(json.dumps({}, indent=2)), repr(json.dumps([], indent=2)))
class Enc(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, set):
            return sorted(o)
        return super().default(o)
print(json.dumps({"s": {3, 1}}, cls=Enc))
try:
    json.dumps({"o": object()}, cls=Enc)
except TypeError as e:
    print(e)
print(json.loads('{"a": {"b": [1, {"c": null}]}}', object_pairs_hook=list))
# ---
import json
for bad in ['{"a" 1}', '[1, 2', '{"a": 1}}', "tru", '"\\x"', "01", "[1,]", "{,}", '{"a":1,}', "\"unterminated", "1.", ".5", "+1", "[NaN]"]:
    try:
        print(repr(bad), json.loads(bad))
    except json.JSONDecodeError as e:
        print(repr(bad), "->", e)
# ---
import json
from enum import Enum
class Status(str, Enum):
    OK = "ok"
    FAILED = "failed"
results = [{"id": 1, "status": Status.OK}, {"id": 2, "status": Status.FAILED}]
print(json.dumps(results), json.dumps({Status.OK: 1}))
# ---
from enum import Enum
class Status(str, Enum):
    OK = "ok"
print("%s" % Status.OK, "{}".format(Status.OK), f"{Status.OK}", str(Status.OK))
# ---
M = 2 ** 63 - 1
print(list(range(M - 1, M + 2)), len(range(-2 ** 63, 2 ** 63, 2 ** 62)), range(M - 1, M + 2)[-1])
# ---
import json
class Record(dict):
    def __getattr__(self, k):
        return self[k]
class Rows(list):
    pass
rows = Rows([Record(id=1, name="a"), Record(id=2, name="b")])
print(rows[0].name, json.dumps(rows), json.dumps({"rows": rows, "first": rows[0]}))
# ---
import json
class Tag(str):
    pass
class UserId(int):
    pass
class Amount(float):
    pass
print(json.dumps([Tag("x"), UserId(5), Amount(1.5)]), json.dumps({Tag("k"): UserId(1)}))
# ---
import json
from enum import Enum
class Code(int, Enum):
    OK = 200
    MISSING = 404
print(json.dumps({"code": Code.MISSING}), json.dumps([c for c in Code]))
