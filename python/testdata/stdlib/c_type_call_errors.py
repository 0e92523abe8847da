# A wrong call of a method of a type CPython writes in C fails in the words
# of C's argument parsing.
import datetime
def attempt(f):
    try:
        print("ok", f())
    except (TypeError, ValueError, OverflowError, AttributeError) as e:
        print(type(e).__name__, e)
D, d, T, TD = datetime.datetime, datetime.date, datetime.time, datetime.timedelta
attempt(lambda: D())
attempt(lambda: D(month=1, day=1))
attempt(lambda: D(2020, 1, 1, foo=1))
attempt(lambda: D(2020, 1, 1, 0, 0, 0, 0, None, 1))
attempt(lambda: D(2020, 1, 1, year=2021))
attempt(lambda: d())
attempt(lambda: d(2020, 1, 1, 1))
attempt(lambda: d(2020, 1, 1, bar=2))
attempt(lambda: T(1, 2, 3, 4, None, 5))
attempt(lambda: T(hour=1, minutes=2))
attempt(lambda: TD(1, 2, 3, 4, 5, 6, 7, 8))
attempt(lambda: TD(foo=1))
attempt(lambda: d.today(1))
attempt(lambda: d(2020, 1, 1).isocalendar(1))
attempt(lambda: d(2020, 1, 1).weekday(1))
attempt(lambda: D(2020, 1, 1).toordinal(1))
# ---
import datetime
def attempt(f):
    try:
        print("ok", f())
    except (TypeError, ValueError, OverflowError) as e:
        print(type(e).__name__, e)
D, d, T, TD = datetime.datetime, datetime.date, datetime.time, datetime.timedelta
attempt(lambda: datetime.timezone(1))
attempt(lambda: datetime.timezone(TD(0), 1))
attempt(lambda: D.combine(1, T()))
attempt(lambda: D.combine(d(2020, 1, 1), 1))
attempt(lambda: D(2020, 1, 1).astimezone(1))
attempt(lambda: D(2020, 1, 1) < d(2020, 1, 1))
attempt(lambda: d(2020, 1, 1) >= D(2020, 1, 1))
attempt(lambda: D(2020, 1, 1) == d(2020, 1, 1))
attempt(lambda: d.max + TD(1))
attempt(lambda: d.min - TD(1))
attempt(lambda: D.max + TD(1))
# ---
import collections
def attempt(f):
    try:
        print("ok", f())
    except (TypeError, ValueError, AttributeError, IndexError) as e:
        print(type(e).__name__, e)
dq = collections.deque
q = dq([1, 2], 5)
attempt(lambda: dq([1], 2, 3))
attempt(lambda: dq(foo=1))
attempt(lambda: dq([1], maxlen=-1))
for name in ["append", "appendleft", "count", "extend", "extendleft", "remove"]:
    attempt(lambda: getattr(q, name)())
    attempt(lambda: getattr(q, name)(1, 2))
for name in ["pop", "popleft", "clear", "copy", "reverse"]:
    attempt(lambda: getattr(q, name)(1))
attempt(lambda: q.append(x=1))
attempt(lambda: q.rotate(1, 2))
attempt(lambda: q.index())
attempt(lambda: q.insert(1))
attempt(lambda: q.insert(1, 2, 3))
attempt(lambda: setattr(q, "maxlen", 3))
print(q)
# ---
import collections
def attempt(f):
    try:
        print("ok", f())
    except (TypeError, KeyError) as e:
        print(type(e).__name__, e)
attempt(lambda: collections.OrderedDict({}, {}))
attempt(lambda: collections.OrderedDict().popitem(1, 2))
attempt(lambda: collections.OrderedDict().popitem(lst=1))
attempt(lambda: collections.defaultdict(int, {}, {}))
attempt(lambda: collections.Counter([], []))
# ---
import datetime
def attempt(f):
    try:
        print("ok", repr(f()))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
D, d, T, TD = datetime.datetime, datetime.date, datetime.time, datetime.timedelta
tz = datetime.timezone.utc
x = D(2020, 5, 17, 10, 30)
attempt(lambda: tz.utcoffset()); attempt(lambda: tz.utcoffset(1)); attempt(lambda: tz.tzname("x")); attempt(lambda: tz.dst(1))
attempt(lambda: TD(1).total_seconds(1)); attempt(lambda: d(2020, 1, 1).replace(2020, 1, 1, 1))
attempt(lambda: d(2020, 1, 1).strftime()); attempt(lambda: d(2020, 1, 1).strftime(format="%Y-%m"))
attempt(lambda: x.strftime(format="%H:%M")); attempt(lambda: T(9).strftime(format="%H"))
attempt(lambda: d(2020, 1, 1).isoformat(1)); attempt(lambda: x.isoformat(1, 2, 3)); attempt(lambda: x.timestamp(1))
attempt(lambda: d.fromisoformat()); attempt(lambda: d.fromordinal()); attempt(lambda: D.strptime("x")); attempt(lambda: D.now(1, 2))
attempt(lambda: T().isoformat(1, 2)); attempt(lambda: T().replace(1, 2, 3, 4, None, 5)); attempt(lambda: x.utcoffset(1)); attempt(lambda: T().dst(1))
attempt(lambda: x.replace(2020, 1, 1, 1, 1, 1, 1, None, 1))
# ---
import io, decimal, types
def attempt(f):
    try:
        print("ok", repr(f()))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
s, b = io.StringIO("abc"), io.BytesIO(b"x")
attempt(lambda: io.StringIO("a", "b", "c")); attempt(lambda: io.StringIO(foo=1)); attempt(lambda: s.write())
attempt(lambda: s.getvalue(1)); attempt(lambda: s.seek()); attempt(lambda: s.close(1)); attempt(lambda: s.readline(1, 2))
attempt(lambda: b.getvalue(1)); attempt(lambda: b.read(1, 2)); attempt(lambda: b.write()); attempt(lambda: b.tell(0))
D = decimal.Decimal
attempt(lambda: D(1, 2, 3)); attempt(lambda: D(foo=1)); attempt(lambda: D(value="1.5")); attempt(lambda: D(1).quantize())
attempt(lambda: D(2).sqrt(1, 2, 3)); attempt(lambda: D(1).to_integral_value(1, 2, 3))
attempt(lambda: types.SimpleNamespace(1)); attempt(lambda: types.SimpleNamespace({}, {})); attempt(lambda: types.SimpleNamespace(a=1))
