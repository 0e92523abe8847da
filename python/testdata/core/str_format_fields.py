# str.format field parsing follows CPython's markup grammar: where a field
# ends, what a conversion may be, how names and indexes are split, and which
# error each malformed template raises.
def err(template, *args, **kwargs):
    try:
        return template.format(*args, **kwargs)
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)

class Box:
    size = 3

# '}' and ':' inside brackets belong to the key.
print('{0[k:x]} {0[k}y]} {0[k!z]}'.format({'k:x': 1, 'k}y': 2, 'k!z': 3}))
# Digits of any script index positional arguments and items.
print('{\u0661}'.format('a', 'b'), '{0[\uff12]}'.format('xyz'))
print('{0.size}'.format(Box()), '{[1]} {.size}'.format('pq', Box()))
# A NUL conversion means no conversion.
print(('{0!' + chr(0) + ':>4}').format(7))
for t in ['{0!}}', '{0!}{', '{0! }', '{0!\xe9}', '{0!rs}', '{0!', '{0!s', '{0!}',
          '{0{}}', '{0..x}', '{0[]}', '{0[x]y}', '{0[x}', '{0:{1}', '{0:{}}',
          '{0:{1:{2}}}', '{0:{{}}<9}', '{99999999999999999999999}', '{0!x}']:
    print(repr(t), err(t, {'x': 1}, 2, 3))
print(err('{:{0}}', 1, 2))
print(err('{missing!x}'), err('{missing:'), err('{missing!rs}'))
print(err('{x=}', x=1))

class BadRepr:
    def __repr__(self):
        raise RuntimeError('no repr')

# The conversion runs before a nested spec is expanded.
print(err('{0!r:{missing}}', BadRepr()))
try:
    '{0}'.format_map({})
except ValueError as e:
    print('format_map:', e)
print('{} {:{}}'.format(1, 2, 3), '{0:{1}} {0:>3}'.format(7, '03d'))
# Width and precision digits may be of any script; a str precision only
# truncates, however large.
print('{:\uff15}|{:.\uff12f}|{:\u0663>\u0663}'.format(1, 1.25, 'x'))
print(format('abc', '.%d' % (2**31 - 1)), f'{"xyz":.{10**9}}')
