# deque reads its integer arguments as CPython's C deque does (ssize_t, via
# __index__), and repetition of a bounded deque keeps only its last maxlen
# items without building the whole product.
from collections import deque

def run(f):
    try:
        return repr(f())
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)

class Three:
    def __index__(self):
        return 3

def grow():
    d = deque('xyz', maxlen=4)
    d *= 5
    return d

print(run(lambda: deque('ab', maxlen=3) * 10 ** 12))
print(run(lambda: 3 * deque('abc', maxlen=7)), run(lambda: deque('abc', 5) * Three()))
print(run(grow), run(lambda: deque('ab', maxlen=0) * 4), run(lambda: deque('ab', maxlen=3) * -2))
print(run(lambda: deque('ab', maxlen=3) * 3 ** 50), run(lambda: deque('ab') * 3 ** 50))
print(run(lambda: deque('ab') * 'x'))
d = deque('abcd')
d.rotate(Three())
print(d, run(lambda: d.rotate('1')), run(lambda: d.rotate(5 ** 40)), run(lambda: d.rotate(2.0)))
print(run(lambda: d[5 ** 40]), run(lambda: d[-(5 ** 40)]), run(lambda: d.insert(5 ** 40, 'q')))
print(run(lambda: deque(maxlen=5 ** 40)), run(lambda: deque((), -(5 ** 40))), run(lambda: deque(maxlen=-2)))
