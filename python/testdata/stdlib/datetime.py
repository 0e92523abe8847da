from datetime import date
d = date(2024, 2, 28)
print(d, repr(d), d.year, d.month, d.day, d.weekday(), d.isoweekday(), d.toordinal(), d.isoformat())
# ---
from datetime import date, timedelta
d = date(2024, 2, 28)
print(d + timedelta(days=1), d + timedelta(days=2), d - timedelta(days=365), date(2024, 3, 1) - d, (date(2025, 1, 1) - date(2024, 1, 1)).days)
# ---
from datetime import date
date(2023, 2, 29)
# raises: ValueError: day is out of range for month
# ---
from datetime import date
date(2023, 13, 1)
# raises: ValueError: month must be in 1..12
# ---
from datetime import date
date(0, 1, 1)
# raises: ValueError: year 0 is out of range
# ---
from datetime import date
print(date.fromisoformat("2021-06-15"), date.fromisoformat("20210615"), date.fromordinal(738000), date(2020, 1, 1).isocalendar(), date(2021, 1, 3).isocalendar()[1])
# ---
from datetime import date
date.fromisoformat("2021/06/15")
# raises: ValueError: Invalid isoformat string: '2021/06/15'
# ---
from datetime import date
d = date(2024, 7, 4)
print(d.strftime("%Y-%m-%d %a %A %b %B %j %U %W %w %y %%"), d.replace(year=2025), d.ctime(), f"{d:%d/%m/%Y}", format(d), str(d))
# ---
from datetime import date
ds = [date(2024, 5, 1), date(2023, 1, 9), date(2024, 1, 1)]
print(sorted(ds), max(ds), date(2024, 1, 1) == date(2024, 1, 1), date(2024, 1, 1) < date(2024, 1, 2), {date(2024, 1, 1): "ny"}[date(2024, 1, 1)])
# ---
from datetime import timedelta
td = timedelta(days=2, hours=3, minutes=4, seconds=5, microseconds=6)
print(td, repr(td), td.days, td.seconds, td.microseconds, td.total_seconds())
# ---
from datetime import timedelta
print(timedelta(hours=-1), repr(timedelta(hours=-1)), timedelta(0), repr(timedelta()), timedelta(seconds=0.5), timedelta(milliseconds=1500), timedelta(weeks=2))
# ---
from datetime import timedelta
a, b = timedelta(hours=5), timedelta(minutes=90)
print(a + b, a - b, b - a, a * 2, 3 * b, a / 2, a / b, a // b, a % b, -a, abs(-a), divmod(a, b))
# ---
from datetime import timedelta
print(timedelta(days=1) == timedelta(hours=24), timedelta(1) > timedelta(0, 86399), bool(timedelta(0)), sorted([timedelta(3), timedelta(-1), timedelta(0)]))
# ---
from datetime import timedelta
print(timedelta(days=1.5), timedelta(hours=1.25), timedelta(seconds=1.000001), timedelta(minutes=-0.5), timedelta(seconds=3661).total_seconds())
# ---
from datetime import timedelta
timedelta(hours=1) / 0
# raises: ZeroDivisionError: integer division or modulo by zero
# ---
from datetime import datetime
dt = datetime(2024, 1, 15, 9, 30, 5, 123456)
print(dt, repr(dt), dt.isoformat(), dt.date(), dt.time(), dt.hour, dt.minute, dt.second, dt.microsecond)
print(repr(datetime(2024, 1, 15)), repr(datetime(2024, 1, 15, 9)), repr(datetime(2024, 1, 15, 9, 0, 7)))
# ---
from datetime import datetime, timedelta
dt = datetime(2023, 12, 31, 23, 59, 59)
print(dt + timedelta(seconds=1), dt - timedelta(days=365), datetime(2024, 3, 1) - datetime(2024, 2, 1), (datetime(2024, 1, 2, 12) - datetime(2024, 1, 1)).total_seconds())
# ---
from datetime import datetime
print(datetime.fromisoformat("2024-05-06T07:08:09"), datetime.fromisoformat("2024-05-06 07:08"), datetime.fromisoformat("2024-05-06"), datetime.fromisoformat("2024-05-06T07:08:09.123"))
print(repr(datetime.fromisoformat("2024-05-06T07:08:09+05:30")), datetime.fromisoformat("2024-05-06T07:08:09Z"), datetime.fromisoformat("20240506T070809"))
# ---
from datetime import datetime
datetime.fromisoformat("2024-05-06T25:00")
# raises: ValueError: hour must be in 0..23
# ---
from datetime import datetime
datetime.fromisoformat("not a date")
# raises: ValueError: Invalid isoformat string: 'not a date'
# ---
from datetime import datetime
dt = datetime(2024, 3, 9, 14, 5, 9, 42)
print(dt.strftime("%Y-%m-%d %H:%M:%S.%f"), dt.strftime("%I:%M %p on %A, %B %d"), dt.strftime("%y%m%d-%H%M"), dt.strftime("%c"), dt.strftime("%x %X"))
# ---
from datetime import datetime
print(datetime.strptime("2024-03-05 14:07:09", "%Y-%m-%d %H:%M:%S"), datetime.strptime("05/03/24", "%d/%m/%y"), datetime.strptime("Mar 5 2024 2:07PM", "%b %d %Y %I:%M%p"))
print(datetime.strptime("2024-03-05T14:07:09.5+0200", "%Y-%m-%dT%H:%M:%S.%f%z"), datetime.strptime("Tuesday 5 March 2024", "%A %d %B %Y"), datetime.strptime("2024 070", "%Y %j"))
# ---
from datetime import datetime
datetime.strptime("2024-03-05", "%Y/%m/%d")
# raises: ValueError: time data '2024-03-05' does not match format '%Y/%m/%d'
# ---
from datetime import datetime
datetime.strptime("2024-03-05 extra", "%Y-%m-%d")
# raises: ValueError: unconverted data remains:  extra
# ---
from datetime import datetime, timezone, timedelta
u = datetime(2024, 6, 1, 12, 0, tzinfo=timezone.utc)
ist = timezone(timedelta(hours=5, minutes=30))
loc = u.astimezone(ist)
print(u, repr(u), loc, repr(loc), loc == u, loc.utcoffset(), loc.tzname(), u.timestamp(), str(ist), repr(ist))
# ---
from datetime import datetime, timezone, timedelta
tz = timezone(timedelta(hours=-7), "PDT")
dt = datetime(2024, 6, 1, 5, 0, tzinfo=tz)
print(dt, dt.tzname(), dt.isoformat(), dt.astimezone(timezone.utc), dt.strftime("%H:%M %Z %z"), repr(tz))
# ---
from datetime import datetime, timezone
datetime(2024, 1, 1) < datetime(2024, 1, 1, tzinfo=timezone.utc)
# raises: TypeError: can't compare offset-naive and offset-aware datetimes
# ---
from datetime import datetime, timezone
datetime(2024, 1, 1) - datetime(2024, 1, 1, tzinfo=timezone.utc)
# raises: TypeError: can't subtract offset-naive and offset-aware datetimes
# ---
from datetime import datetime, timezone
print(datetime(2024, 1, 1) == datetime(2024, 1, 1, tzinfo=timezone.utc), datetime.fromtimestamp(0, timezone.utc), datetime.fromtimestamp(1700000000, tz=timezone.utc).isoformat())
print(datetime.utcfromtimestamp(86400 * 365.25), datetime(1970, 1, 2, tzinfo=timezone.utc).timestamp())
# ---
from datetime import datetime, date, time
dt = datetime.combine(date(2024, 2, 29), time(23, 59))
print(dt, dt.replace(hour=0, minute=1), dt.weekday(), dt.isoformat(timespec="minutes"), dt.isoformat(sep=" "), isinstance(dt, date), dt.timetuple().tm_yday)
# ---
from datetime import time
t = time(9, 5, 30, 250)
print(t, repr(t), t.isoformat(), t.isoformat("milliseconds"), t.strftime("%H.%M.%S"), repr(time()), time(12) > time(11, 59), time.fromisoformat("23:01"))
# ---
from datetime import time
time(24, 0)
# raises: ValueError: hour must be in 0..23
# ---
from datetime import datetime, timedelta
start = datetime(2024, 1, 29)
days = [(start + timedelta(days=i)).strftime("%a %d %b") for i in range(5)]
print(days)
print([d for d in days if not d.startswith(("Sat", "Sun"))])
# ---
from datetime import datetime
logs = ["2024-05-01T10:00:00", "2024-05-01T09:15:30", "2024-04-30T23:59:59"]
parsed = sorted(datetime.fromisoformat(s) for s in logs)
print(parsed[0], parsed[-1], parsed[-1] - parsed[0], max(parsed).date())
# ---
import datetime
print(datetime.date(2024, 1, 1), datetime.MINYEAR, datetime.MAXYEAR, datetime.timezone.utc, datetime.date.min, datetime.date.max, datetime.timedelta.max, datetime.datetime.min)
# ---
from datetime import datetime, timedelta
dt = datetime(2024, 1, 31)
dt.day = 3
# raises: AttributeError: attribute 'day' of 'datetime.date' objects is not writable
# ---
from datetime import datetime
datetime.fromisoformat("2024-13-01T00:00:00")
# raises: ValueError: month must be in 1..12
# ---
from datetime import date
date.fromisoformat("2023-02-29")
# raises: ValueError: day is out of range for month
# ---
from datetime import timedelta
timedelta(days=10**9)
# raises: OverflowError: days=1000000000; must have magnitude <= 999999999
# ---
from datetime import datetime, timedelta
d = datetime.fromisoformat("2024-02-28T23:00:00")
print(d + timedelta(hours=1), d + timedelta(hours=25), d - timedelta(days=59), d.strftime("%%Y=%Y %j%%"), d.strftime("100%"), d.strftime(""))
# ---
from datetime import datetime, timedelta
ts = [datetime(2024, 1, 1) + timedelta(minutes=37 * i) for i in range(50)]
buckets = {}
for t in ts:
    key = t.replace(minute=0, second=0).isoformat(timespec="minutes")
    buckets[key] = buckets.get(key, 0) + 1
print(len(buckets), list(buckets.items())[:4], max(ts) - min(ts))
# ---
from datetime import datetime
datetime(2024.0, 1, 1)
# raises: TypeError: 'float' object cannot be interpreted as an integer
# ---
from datetime import datetime, timedelta
print(timedelta(days=10**8, hours=-5), timedelta(weeks=-1, seconds=1.5), timedelta(microseconds=10**15), datetime(2024, 2, 29, 23, 59, 59, 999999) + timedelta(microseconds=1))
# ---
from datetime import datetime
datetime(2024, 2, 29, 24)
# raises: ValueError: hour must be in 0..23
# ---
from datetime import datetime
datetime(2023, 2, 29, 1)
# raises: ValueError: day is out of range for month
# ---
from datetime import datetime, date
for s in ["2024-01-02", "2024-01-02T03:04", "2024-01-02 03:04:05", "2024-01-02T03:04:05.1", "2024-01-02T03:04:05.1234567", "2024-01-02T03:04:05+01:00", "2024-01-02T03:04:05Z", "2024-01-02T0304", "2024-01-02T03", "2024-01-02X03:04", "2024-01-02T03:04:05.", "2024-01-02T03:04:5", "2024-01-02Té3:04"]:
    try:
        print(repr(datetime.fromisoformat(s)))
    except ValueError as e:
        print("ValueError", e)
