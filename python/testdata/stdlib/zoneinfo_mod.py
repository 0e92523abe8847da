from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
import zoneinfo
from datetime import datetime, timedelta, timezone
dt = datetime(2024, 7, 1, 12, 0, tzinfo=ZoneInfo("UTC"))
print(dt.isoformat(), dt.astimezone(ZoneInfo("America/New_York")).isoformat())
ny = ZoneInfo('America/New_York')
for f in (0, 1):
    for args in [(2024, 3, 10, 2, 30), (2024, 11, 3, 1, 30), (2024, 11, 3, 0, 59), (2024, 11, 3, 2, 0), (2024, 3, 10, 3, 0), (2024, 3, 10, 1, 59), (2024, 1, 15, 12), (2024, 7, 4)]:
        d = datetime(*args, fold=f, tzinfo=ny)
        print(args, f, d.utcoffset(), d.dst(), d.tzname(), d.isoformat())
for h in range(3, 8):
    u = datetime(2024, 11, 3, h, 30, tzinfo=timezone.utc).astimezone(ny)
    print(u, u.fold, u.tzname())
for h in range(5, 9):
    u = datetime(2024, 3, 10, h, 30, tzinfo=timezone.utc).astimezone(ny)
    print(u, u.fold, u.tzname())
for key in ['Europe/Paris', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Asia/Tokyo', 'Europe/London', 'America/Sao_Paulo', 'Pacific/Chatham', 'Etc/GMT+5', 'EST5EDT', 'US/Eastern', 'Africa/Casablanca', 'Europe/Dublin']:
    z = ZoneInfo(key)
    w = datetime(2024, 1, 15, 12, tzinfo=z)
    s = datetime(2024, 7, 15, 12, tzinfo=z)
    print(key, w.utcoffset(), w.dst(), w.tzname(), s.utcoffset(), s.dst(), s.tzname(), s.astimezone(timezone.utc))
print(repr(ny), str(ny), ny.key, ZoneInfo('UTC').utcoffset(None), ZoneInfo('UTC') is ZoneInfo('UTC'), ZoneInfo.no_cache('UTC') is ZoneInfo('UTC'))
for k in ['Nope/Zone', '', '../etc', 5, '/abs', 'a//b', b'UTC', 'Local', 'utc', 'UTC/', 'America']:
    try:
        ZoneInfo(k)
    except Exception as e:
        print(type(e).__name__, e, isinstance(e, KeyError))
print(ZoneInfo.__mro__[1:], ZoneInfoNotFoundError.__mro__[1:3])
try:
    ny.fromutc(datetime(2024, 1, 1))
except ValueError as e:
    print(e)
paris = ZoneInfo('Europe/Paris')
a = datetime(2024, 6, 1, 9, tzinfo=paris)
b = datetime(2024, 6, 1, 3, tzinfo=ny)
print(a - b, a == b.astimezone(paris), (a + timedelta(days=200)).tzname(), a.timetuple().tm_isdst)
print(datetime(1900, 1, 1, tzinfo=ny).utcoffset(), datetime(2100, 7, 1, tzinfo=ny).utcoffset())
from zoneinfo import ZoneInfo
for k in ["UTC","Etc/GMT+5","Asia/Kolkata", "Asia/Tokyo"]:
    z=ZoneInfo(k); print(k, z.utcoffset(None), z.dst(None), z.tzname(None))
