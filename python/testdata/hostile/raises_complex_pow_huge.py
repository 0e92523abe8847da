# Powers of complex numbers with huge exponents and bases end at once with
# CPython's errors (no big-int power, no hang, no crash).
import math
for e in [10**10000, -10**10000, 2**1024]:
    try:
        (1+1j) ** e
    except OverflowError as err:
        print("overflow", err)
print(abs(1j ** 1e300) <= 1.0001)
for z in [complex(1e308, 1e308), complex('inf'), complex('nan'), 1e-320j]:
    for e in [2, 100, 101, -100, 0.5, 1e308, -1e308, 1j, complex(1e308, 1e308)]:
        try:
            z ** e
        except (OverflowError, ZeroDivisionError):
            pass
s = '1' + '0' * 100000 + 'j'
print(complex(s))
print(len(format(1e300 + 1e300j, '.100000e')))
pow(1j, 10**100, 7)
# raises: ValueError
