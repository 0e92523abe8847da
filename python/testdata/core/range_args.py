# range() of machine ints (made without big ints) against its general path:
# bounds at the edges of a machine int, negative and bool arguments, a zero
# step, and lengths beyond a machine int.
def show(args):
    r = range(*args)
    try:
        n = len(r)
    except OverflowError as e:
        n = "OverflowError: " + str(e)
    print(args, n, r[0] if r else None, r[-1] if r else None, repr(r), r == range(*args), 7 in r)

for args in [(5,), (0,), (-3,), (2, 9), (9, 2), (1, 10, 3), (10, 1, -3), (0, 10, -1), (True, 5), (5, False, -1),
             (2**62, -2**62), (-2**62, 2**62), (-2**63, 2**63 - 1), (0, 2**63 - 1, 2**62), (2**63 - 1, -2**63, -1),
             (-2**63, 2**63 - 1, 2), (2**63 - 1,), (-2**63,)]:
    show(args)
for bad in [(1, 2, 0), (1.0,), ("a", 2)]:
    try:
        range(*bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
