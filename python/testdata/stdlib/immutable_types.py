# The classes CPython implements in C are immutable types: assigning or
# deleting a class attribute raises TypeError naming CPython's type name,
# even where this interpreter writes the class in Python or Go. Their
# subclasses, their instances and the values the module set on them stay
# as in CPython.
import array, collections, csv, datetime, decimal, functools, hashlib, io
import operator, re, struct, types, zoneinfo

classes = [
    re.Pattern, re.Match, type(re.finditer('a', 'a')),
    datetime.date, datetime.time, datetime.datetime, datetime.timedelta,
    datetime.tzinfo, datetime.timezone, type(datetime.timezone.utc),
    decimal.Decimal, decimal.Context,
    collections.deque, collections.defaultdict, collections.OrderedDict,
    functools.partial, type(functools.cmp_to_key(lambda a, b: 0)(1)),
    operator.attrgetter, operator.itemgetter, operator.methodcaller,
    io.StringIO, io.BytesIO, array.array, struct.Struct,
    type(hashlib.sha256()), hashlib.blake2b, hashlib.blake2s,
    type(csv.reader([])), type(csv.writer(io.StringIO())),
    types.SimpleNamespace, types.MappingProxyType, zoneinfo.ZoneInfo,
]
for C in classes:
    try:
        C.x = 1
        print('set accepted', C)
    except TypeError as e:
        print(e)
    try:
        setattr(C, 'y', 2)
        print('setattr accepted', C)
    except TypeError as e:
        print(e)
    try:
        del C.x
        print('del accepted', C)
    except TypeError as e:
        print(e)

# Existing attributes, methods and dunders are refused too.
def g0():
    re.Pattern.match = None
def g1():
    del re.Pattern.match
def g2():
    datetime.date.min = None
def g3():
    del datetime.date.today
def g4():
    decimal.Decimal.__add__ = None
def g5():
    collections.deque.__name__ = "q"
def g6():
    del collections.OrderedDict.__doc__
def g7():
    functools.partial.__module__ = "m"
for g in [g0, g1, g2, g3, g4, g5, g6, g7]:
    try:
        g()
        print('accepted', g)
    except TypeError as e:
        print(type(e).__name__, e)

# What the modules set on them at import is there.
print(datetime.date.min, datetime.timedelta.resolution, datetime.timezone.utc)

# Subclasses are ordinary mutable classes.
class MyDate(datetime.date):
    pass
MyDate.x = 5
print(MyDate.x, MyDate(2020, 1, 2).x)
del MyDate.x
print(hasattr(MyDate, 'x'))

class MyDeque(collections.deque):
    pass
MyDeque.tag = 'q'
print(MyDeque.tag, MyDeque([1]).tag)

class MyDecimal(decimal.Decimal):
    pass
MyDecimal.unit = 'kg'
print(MyDecimal('1.5').unit)

# Instances with a __dict__ still take attributes.
p = functools.partial(int, base=2)
p.note = 'binary'
print(p.note, p('101'))
ns = types.SimpleNamespace(a=1)
ns.b = 2
print(ns)

# Builtin types whose CPython name carries a module.
import asyncio
for C in [types.UnionType, types.GenericAlias, asyncio.Future, asyncio.Task]:
    try:
        C.x = 1
        print('set accepted', C)
    except TypeError as e:
        print(e)
