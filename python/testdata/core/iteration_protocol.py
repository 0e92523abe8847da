# Iteration protocol corners (issue 18): what a failed unpacking consumes,
# the except-as name on every way out of the handler, iter(callable,
# sentinel) checks, truth of dict views.
def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)

def unpack_too_many():
    it = iter([1, 2, 3, 4])
    try:
        a, b = it
    except ValueError as e:
        print(e)
    return list(it)

def unpack_too_few():
    it = iter([1])
    try:
        a, b, c = it
    except ValueError as e:
        print(e)
    return list(it)

def unpack_star():
    it = iter(range(3))
    try:
        a, b, *c, d, e, f = it
    except ValueError as e:
        print(e)
    return list(it)

def unpack_gen():
    seen = []
    def g():
        for i in range(5):
            seen.append(i)
            yield i
    try:
        x, y = g()
    except ValueError as e:
        print(e)
    return seen

show("too many", unpack_too_many)
show("too few", unpack_too_few)
show("star", unpack_star)
show("gen", unpack_gen)
# ---
import sys

def brk():
    for i in range(2):
        try:
            raise ValueError(i)
        except ValueError as e:
            break
    return 'e' in locals(), sys.exc_info()[0]

def cont():
    for i in range(2):
        try:
            raise ValueError(i)
        except ValueError as e:
            continue
    return 'e' in locals()

def ret():
    try:
        raise ValueError
    except ValueError as e:
        return 'returned'

def after_break():
    for i in range(1):
        try:
            raise ValueError
        except ValueError as e:
            break
    try:
        return e
    except NameError as ne:
        return str(ne)

def raised_inside():
    try:
        try:
            raise ValueError("first")
        except ValueError as e:
            raise KeyError("second")
    except KeyError as k:
        return 'e' in locals(), repr(k.__context__)

def shadowed():
    e = "outer"
    try:
        1 / 0
    except ZeroDivisionError as e:
        pass
    try:
        return e
    except UnboundLocalError as x:
        return str(x)

def nested_finally():
    out = []
    while True:
        try:
            raise ValueError
        except ValueError as e:
            try:
                break
            finally:
                out.append(sys.exc_info()[0].__name__)
    out.append(sys.exc_info()[0])
    return out

def in_generator():
    def g():
        try:
            raise ValueError
        except ValueError as e:
            yield 1
            yield sys.exc_info()[0].__name__
        yield 'e' in locals()
    return list(g())

for f in (brk, cont, ret, after_break, raised_inside, shadowed, nested_finally, in_generator):
    print(f.__name__, f())
try:
    raise ValueError
except ValueError as e:
    pass
print('e' in globals())
# ---
def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)

show("iter int", lambda: iter(1, 2))
show("iter str", lambda: iter('abc', 'b'))
show("iter None", lambda: iter(None, 0))
show("iter ok", lambda: list(iter(iter([1, 2, 0, 3]).__next__, 0)))
d = {}
print(bool(d.keys()), bool(d.values()), bool(d.items()))
d[1] = 2
print(bool(d.keys()), bool(d.values()), bool(d.items()))
print(not {}.keys(), [k for k in {}.items() if k] or 'empty')
v = d.values()
d.clear()
print(bool(v), len(v))
# ---
# list.sort with a key that mutates the list: CPython sorts a copy, leaves
# the sorted result and raises ValueError.
def grow():
    l = [3, 1, 2]
    def k(x):
        l.append(x)
        return x
    try:
        l.sort(key=k)
    except ValueError as e:
        print(e)
    return l

def shrink():
    l = [3, 1, 2]
    def k(x):
        l.clear()
        return x
    try:
        l.sort(key=k)
    except ValueError as e:
        print(e)
    return l

def cmp_mutates():
    class K:
        def __init__(self, v):
            self.v = v
        def __lt__(self, other):
            items.append(0)
            return self.v < other.v
        def __repr__(self):
            return 'K(%d)' % self.v
    items = [K(2), K(1), K(3)]
    try:
        items.sort()
    except ValueError as e:
        print(e)
    return items

def nested_sort():
    l = [2, 1]
    def k(x):
        l.sort()
        return x
    l.sort(key=k)
    return l

print(grow())
print(shrink())
print(cmp_mutates())
print(nested_sort())
# ---
# Nested tuples in except: CPython checks each tuple member is an exception
# class and does not flatten nested tuples.
def catch(spec):
    try:
        try:
            raise ValueError("x")
        except spec:
            return "caught"
    except TypeError as e:
        return "TypeError: %s" % e
    except ValueError:
        return "escaped"

print(catch(((ValueError,),)))
print(catch((TypeError, (KeyError, ValueError))))
print(catch([ValueError]))
print(catch((KeyError, ValueError)))
print(catch(()))
print(catch((KeyError,)))
print(catch(5))
# ---
# A list iterator a for loop exhausted stays exhausted when the list grows
# (the loop's fast paths must leave it as next() does).
l = [1]
it = iter(l)
for x in it:
    pass
l.append(2)
print(list(it))
def loop_in_function():
    m = [1, 2]
    mi = iter(m)
    n = 0
    while n < 50:
        for y in mi:
            n += y
        n += 10
    m.append(3)
    return n, list(mi), next(mi, "done")
print(loop_in_function())
