from datetime import datetime
ts = datetime.fromisoformat("2024-03-15T14:30:00")
print(ts.strftime("%Y-%m-%d %H:%M"), ts.isoformat())
# ---
from datetime import datetime, timezone
ts = datetime.fromisoformat("2024-03-15T14:30:00+00:00")
print(ts, ts.tzinfo, ts.isoformat())
# ---
from datetime import datetime
ts = datetime.fromisoformat("2024-03-15T14:30:00.123456")
print(ts.microsecond, ts.isoformat(timespec="seconds"), ts.isoformat(timespec="milliseconds"))
# ---
from datetime import datetime
raw = "2024-03-15T14:30:00Z"
ts = datetime.fromisoformat(raw.replace("Z", "+00:00"))
print(ts.isoformat())
# ---
from datetime import datetime
try:
    datetime.fromisoformat("2024-03-15T14:30:00Z")
except ValueError as e:
    print("ValueError:", e)
# ---
from datetime import datetime, timedelta
start = datetime(2024, 1, 31, 23, 0)
end = start + timedelta(hours=2, minutes=15)
print(end, end - start, (end - start).total_seconds())
# ---
from datetime import datetime, timedelta
a = datetime.fromisoformat("2024-01-01T00:00:00")
b = datetime.fromisoformat("2024-03-01T12:00:00")
d = b - a
print(d.days, d.seconds, d, repr(d))
# ---
from datetime import timedelta
print(timedelta(seconds=3661), timedelta(days=-1), timedelta(minutes=-5), timedelta(microseconds=1500))
# ---
from datetime import timedelta
d = timedelta(hours=50, seconds=7)
hours, rem = divmod(int(d.total_seconds()), 3600)
minutes, seconds = divmod(rem, 60)
print(f"{hours}h {minutes:02d}m {seconds:02d}s")
# ---
from datetime import datetime
dt = datetime(2024, 7, 4, 9, 5, 3)
print(dt.strftime("%A, %B %d, %Y at %I:%M %p"))
print(dt.strftime("%a %b %-d" if False else "%a %b %d %j %U %w"))
# ---
from datetime import datetime
print(datetime.strptime("2024-02-29 08:15", "%Y-%m-%d %H:%M"))
print(datetime.strptime("15/03/2024", "%d/%m/%Y").date())
# ---
from datetime import datetime
try:
    datetime.strptime("2024-13-01", "%Y-%m-%d")
except ValueError as e:
    print(e)
# ---
from datetime import date, timedelta
d = date(2024, 2, 28)
print([str(d + timedelta(days=i)) for i in range(3)])
print(d.weekday(), d.isoweekday(), d.isocalendar())
# ---
from datetime import date
d = date.fromisoformat("2024-12-25")
print(d.strftime("%d %b %Y"), d.replace(year=2025), d.toordinal())
# ---
from datetime import datetime
events = ["2024-03-02T10:00:00", "2024-01-15T08:30:00", "2024-02-20T23:59:59"]
parsed = sorted(datetime.fromisoformat(e) for e in events)
print([p.strftime("%b %d") for p in parsed])
print(max(parsed) - min(parsed))
# ---
from datetime import datetime, timezone, timedelta
utc = datetime(2024, 5, 1, 12, 0, tzinfo=timezone.utc)
est = utc.astimezone(timezone(timedelta(hours=-5)))
print(utc, est, est.utcoffset(), est.tzname())
# ---
from datetime import datetime, timezone
a = datetime(2024, 1, 1, tzinfo=timezone.utc)
b = datetime(2024, 1, 1)
try:
    print(a - b)
except TypeError as e:
    print(e)
# ---
from datetime import datetime, timezone
ts = datetime.fromtimestamp(1700000000, tz=timezone.utc)
print(ts.isoformat(), ts.timestamp())
# ---
from datetime import datetime
dt = datetime(2024, 3, 10, 8, 0)
print(repr(dt), str(dt.date()), str(dt.time()))
# ---
from datetime import datetime
dt = datetime(2024, 3, 10, 8, 0, 5, 250000)
print(f"{dt:%Y-%m-%d %H:%M:%S}", f"{dt:%H:%M:%S.%f}", f"{dt.date():%d.%m.%Y}")
# ---
from datetime import datetime, timedelta
from collections import Counter
logs = ["2024-01-01T10:15:00", "2024-01-01T10:45:00", "2024-01-01T11:05:00", "2024-01-02T10:00:00"]
by_hour = Counter(datetime.fromisoformat(l).strftime("%Y-%m-%d %H:00") for l in logs)
for k, v in sorted(by_hour.items()):
    print(k, v)
# ---
from datetime import datetime
a = datetime.fromisoformat("2024-06-01T10:00:00")
b = datetime.fromisoformat("2024-06-01T09:30:00")
print(a > b, (a - b).total_seconds() / 60, abs(b - a))
# ---
from datetime import date
print(date(2024, 1, 1) < date(2024, 1, 2), (date(2024, 3, 1) - date(2024, 2, 1)).days)
# ---
from datetime import datetime
dt = datetime(2023, 11, 5, 17, 45)
print(dt.replace(hour=0, minute=0).isoformat(), dt.year, dt.month, dt.day, dt.hour)
# ---
from datetime import timedelta
durations = [timedelta(minutes=m) for m in (30, 45, 90)]
total = sum(durations, timedelta())
print(total, total / len(durations), total // 2)
# ---
from datetime import datetime
try:
    datetime.fromisoformat("yesterday")
except ValueError as e:
    print(f"{type(e).__name__}: {e}")
# ---
from datetime import datetime
print(datetime.fromisoformat("2024-03-15"), datetime.fromisoformat("2024-03-15 07:08"))
# ---
from datetime import datetime, timezone
ts = datetime.fromisoformat("2024-03-15T14:30:00+05:30")
print(ts.utcoffset(), ts.astimezone(timezone.utc).isoformat())
# ---
from datetime import date
d = date(2024, 5, 17)
first = d.replace(day=1)
print(first, first.strftime("%B"), d.isoformat())
# ---
from datetime import datetime, timedelta
now = datetime(2024, 1, 10, 12, 0)
items = [("a", now - timedelta(days=1)), ("b", now - timedelta(days=10)), ("c", now - timedelta(hours=3))]
recent = [n for n, t in items if now - t < timedelta(days=7)]
print(recent)
