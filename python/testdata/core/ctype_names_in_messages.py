import datetime, collections, decimal, itertools, io, types
def t(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__, e)
for v in [datetime.date(2020,1,1), datetime.datetime(2020,1,1), datetime.timedelta(1), datetime.time(1), datetime.timezone.utc, collections.deque(), collections.defaultdict(int), collections.OrderedDict(), decimal.Decimal(1), io.StringIO(), types.SimpleNamespace(), collections.Counter()]:
    t(lambda: v < None)
    t(lambda: v.nope)
    t(lambda: len(v) if not hasattr(v, '__len__') else v + None)
    t(lambda: 1 @ v)
    t(lambda: [][v])
import json
t(lambda: json.dumps(datetime.date(2020,1,1)))
t(lambda: json.dumps({datetime.date(2020,1,1): 1}))
t(lambda: datetime.date(2020,1,1).nope)
t(lambda: setattr(datetime.date(2020,1,1), 'year', 1))
t(lambda: datetime.date(2020,1,1).__class__.__name__)
t(lambda: hash(collections.defaultdict()))
t(lambda: int(datetime.date(2020,1,1)))
t(lambda: str(datetime.date(2020,1,1)) + datetime.date(2020,1,1))
t(lambda: '%d' % datetime.date(2020,1,1))
t(lambda: sorted([datetime.date(2020,1,1), 1]))
t(lambda: max(datetime.timedelta(1), 'a'))
