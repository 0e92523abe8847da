import datetime as dtm
from datetime import date, datetime, timedelta, timezone
d, dt, td = date(2024, 1, 1), datetime(2024, 1, 1, 5), timedelta(hours=1)
ops = [lambda: d + 1, lambda: 1 + d, lambda: d - 1, lambda: 1 - d, lambda: dt + 1.5, lambda: "x" + dt, lambda: dt - None, lambda: [] - dt,
       lambda: td + 1, lambda: 1 + td, lambda: td - "a", lambda: 2 - td, lambda: dt - d, lambda: d - dt, lambda: d + d, lambda: dt + dt, lambda: td + d, lambda: d + td, lambda: td - d,
       lambda: d - td, lambda: dt - td, lambda: td + dt, lambda: dt - dt, lambda: True + d]
for f in ops:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
class D(date):
    pass
try:
    D(2024, 1, 1) + 1
except TypeError as e:
    print(e)
