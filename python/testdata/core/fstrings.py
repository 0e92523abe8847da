name, n = "ada", 3
print(f"hi {name}, you have {n} new {'message' if n == 1 else 'messages'}")
# ---
x = "é'\n"
print(f"{x!r} {x!s} {x!a}")
# ---
v = 3.14159
print(f"{v:.2f} {v:10.3f}| {v:<10.1f}| {v:^10.2f}| {v:+.1e}")
# ---
width, prec = 10, 3
v = 2.718281828
print(f"[{v:{width}.{prec}f}] [{v:>{width}}] [{'x':{'*'}^{width}}]")
# ---
a, b = 3, 4
print(f"{a=}, {b = }, {a + b=}, {a*b=:5d}, {name!r:>8}" if (name := "q") else "")
# ---
items = {"k": [1, 2]}
print(f"{items['k'][1]} {items} {len(items)} {[i * 2 for i in items['k']]}")
# ---
print(f"{{literal}} {{{1 + 1}}} {'}'}")
# ---
n = 1234567.891
print(f"{n:,} {n:_.2f} {int(n):,d} {n:,.1f} {12:08.3f}")
# ---
print(f"{255:x} {255:X} {255:#x} {255:o} {255:#o} {5:b} {5:#010b} {65:c}")
# ---
print(f"{0.25:%} {0.25:.1%} {1e-10:g} {1e20:g} {123456789:e}")
# ---
print(f"{'left':<10}|{'right':>10}|{'mid':^9}|{'fill':-^12}|")
# ---
print(f"{42:5}|{42:<5}|{42:^5}|{-42:05}|{42:+}|{42: }|{-42: }")
# ---
class P:
    def __str__(self):
        return "str-P"
    def __repr__(self):
        return "repr-P"
    def __format__(self, spec):
        return "fmt-P[" + spec + "]"
p = P()
print(f"{p} {p!s} {p!r} {p:xyz}")
# ---
x = 5
print(f"{x}" f"{x + 1}" "plain" f"{'nested ' + str(x)}")
# ---
print(f"{'abc'[::-1]} {'a,b'.split(',')} {dict(a=1)['a']}")
# ---
vals = [1.5, 22.25, 333.125]
for v in vals:
    print(f"{v:>8.2f}")
# ---
print(f"""multi
{1 + 1}
line""")
# ---
print(f"{3.0} {1e16} {0.1 + 0.2} {1/3:.5} {True} {None} {[1, 'a']}")
# ---
f"{1:d}" if False else print(f"{'x':d}")
# raises: ValueError: Unknown format code 'd' for object of type 'str'
# ---
print(f"{3.5:d}")
# raises: ValueError: Unknown format code 'd' for object of type 'float'
# ---
print(f"{'s':>{3 + 2}}|{7:{'0'}{4}}|")
# ---
data = [("apple", 1.5, 3), ("kiwi", 0.25, 12)]
for name, price, qty in data:
    print(f"{name:<8}{price:>6.2f}{qty:>4}{price * qty:>8.2f}")
# ---
import math
print(f"{math.pi:.3f} {math.pi!r:.6}")
# ---
x = 10
print(f"{x:#x} {x:#b} {-x:x} {x:>#6x} {x:=+6}")
# ---
print(f"{'中文':>6}|{'é':^5}|{'😀':<3}|")
# ---
d = {"name": "Ada", "langs": ["py", "go"]}
print(f"{d['name']} knows {', '.join(d['langs'])} ({len(d['langs'])})")
# ---
print(f"{1000000:.2e} {0.000123:.2e} {1.0:.0e} {12345.678:.3g} {0.5:.0f} {1.5:.0f} {2.5:.0f}")
# ---
print(f"{float('inf')} {float('-inf'):>6} {float('nan'):.2f}")
# ---
print(f"{True:d} {True:>5} {False!r} {None!s:>5}")
# ---
x = 7
print(f"{x!r:>4}|{str(x):*<4}|{x:04d}|{x:.2f}|{x:e}")
