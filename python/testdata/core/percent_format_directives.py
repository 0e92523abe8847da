# printf-style % formatting parses directives as CPython does: which values
# count as a mapping, how '*' reads arguments (also after a %(key) lookup),
# length modifiers, stray '%' after flags, and the index in error messages.
from collections import deque

class Seven:
    def __index__(self):
        return 7

class Items:
    def __getitem__(self, key):
        return key.upper()

def run(template, args):
    try:
        return repr(template % args)
    except Exception as exc:
        return type(exc).__name__ + ': ' + str(exc)

cases = [
    ('%c', Seven()), ('%*d|', (True, 4)), ('%07.2f', float('-inf')), ('%06f', float('nan')),
    ('no fields', [1]), ('no fields', b'z'), ('no fields', range(3)), ('no fields', deque([1])),
    ('%(k)s and %(v)s', Items()), ('%(v)s', [0]), ('%(v).*s', {'v': 'text'}), ('%(w)*d', {'w': 3}),
    ('%4%', ()), ('%4%', 9), ('%-3%|', 9), ('%(k)%', {'k': 1}), ('%*%', (4,)),
    ('%hhd', 3), ('%ll', 3), ('%Lf', 0.5), ('%\xe7', 3), ('\xe7\xe7%q', 3), ('%\u2603', 3),
    ('%.77777777777777777777s', 'a'), ('%77777777777777777777s', 'a'),
    ('%*s', (10**25, 'a')), ('%.*s', (2**31, 'a')), ('%.*s', (-3, 'abc')), ('%.*s', (2**31 - 1, 'ab')),
    ('%*s', ('4', 'a')), ('%(', {}), ('%(a', {'a': 1}), ('%(a)', {'a': 1}), ('%(a)4', {'a': 1}),
]
for template, args in cases:
    print(ascii(template), run(template, args))
