# Methods of re objects count positional and keyword arguments together
# before binding, as CPython's argument parser does.
import re

def run(f):
    try:
        return repr(f())
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)

m = re.match(r'(?P<w>\w)(\d)?', 'a')
print(run(lambda: m.groupdict('-', default='-')))
print(run(lambda: m.groups(0, default=0)))
print(run(lambda: m.groups(0, 1)))
print(run(lambda: m.groupdict(default='?', other=1)))
print(run(lambda: m.groups(default='?')), run(lambda: m.groupdict('?')))
p = re.compile('a')
print(run(lambda: p.search('a', 0, 1, pos=0)))
print(run(lambda: p.match('a', 0, 1, 2)))
