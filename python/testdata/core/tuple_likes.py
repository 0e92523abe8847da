# Named tuple-likes of the library are tuple subclasses, as in CPython: urllib.parse
# results, sys.version_info and friends, time.struct_time, date.isocalendar().
import sys, time, json, urllib.parse as up
r = up.urlparse("https://user:pw@example.com:8080/a/b;p?q=1#frag")
s = up.urlsplit("http://h/x?y#z")
d = up.urldefrag("http://h/x#z")
for v in (r, s, d):
    print(type(v).__name__, isinstance(v, tuple), len(v), v[0], v[-1], list(v)[:2], tuple(v) == v, json.dumps(v), "%s|%s" % v[:2])
print(r.hostname, r.port, r.username, r.geturl(), r._replace(scheme="http").geturl(), r._asdict()["netloc"], s.geturl(), d.geturl(), r == tuple(r), hash(r) == hash(tuple(r)))
print(r.count("https"), r.index("https"), r + ("x",), sorted([s, s])[0] == s)
try:
    r.scheme = "x"
except AttributeError as e:
    print("AttributeError", e)
print(isinstance(sys.version_info, tuple), sys.version_info[:1], sys.version_info >= (3, 8), sys.version_info.major, json.dumps(sys.version_info[:2]))
st = time.gmtime(0)
print(isinstance(st, tuple), st[:3], st.tm_year, len(st), tuple(st)[6:], json.dumps(st[:2]))
print(up.SplitResult("a", "b", "c", "d", "e").geturl(), up.ParseResult(*"abcdef")._fields)
try:
    up.SplitResult("a")
except TypeError as e:
    print("TypeError", e)
import datetime
ic = datetime.date(2024, 12, 30).isocalendar()
print(ic, isinstance(ic, tuple), ic.year, ic.week, ic[2], tuple(ic), ic == (2025, 1, 1), json.dumps(ic), "%d-W%02d-%d" % ic)
st2 = time.gmtime(86400 * 365)
print(type(st2).__name__ if False else "", st2.tm_yday, "%d/%d" % st2[:2], st2 == tuple(st2), time.strftime("%Y", st2), time.asctime(time.gmtime(0)))
print(repr(sys.float_info)[:30], sys.int_info.bits_per_digit, isinstance(sys.float_info, tuple))
try:
    sys.version_info.major = 4
except AttributeError as e:
    print("AttributeError", e)
# ---
from collections import namedtuple
P = namedtuple('P', 'a b c d')
P(1)
# raises: TypeError: P.__new__() missing 3 required positional arguments: 'b', 'c', and 'd'
