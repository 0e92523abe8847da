print([x * x for x in range(6)], [x for x in range(10) if x % 3 == 0], [c.upper() for c in "abc"])
# ---
print({x: x % 3 for x in range(5)}, sorted({x % 3 for x in range(10)}), list(x for x in "ab"))
# ---
print([(i, j) for i in range(3) for j in range(i)], [[j for j in range(i)] for i in range(4)])
# ---
m = [[1, 2], [3, 4], [5, 6]]
print([v for row in m for v in row], [row[::-1] for row in m], [sum(r) for r in m if r[0] > 1])
# ---
x = "outer"
r = [x for x in range(3)]
print(x, r)
# ---
print([i for i in range(10) if i % 2 if i % 3], [a + b for a, b in zip("ab", "xy")])
# ---
g = (x * 2 for x in range(4))
print(next(g), next(g), list(g), list(g))
# ---
print(sum(x for x in range(5)), max(len(w) for w in ["a", "abc", "ab"]), "-".join(str(n) for n in [1, 2]))
# ---
n = 3
print([[i * n + j for j in range(n)] for i in range(n)])
# ---
class C:
    vals = [1, 2, 3]
    doubled = [v * 2 for v in vals]
print(C.doubled)
# ---
words = ["apple", "bob", "kayak", "level", "xyz"]
print([w for w in words if w == w[::-1]], {w: len(w) for w in words if len(w) > 3})
# ---
print([x if x > 0 else 0 for x in [-1, 2, -3, 4]], [(lambda y: y + 1)(x) for x in range(3)])
# ---
fs = [lambda: i for i in range(3)]
print([f() for f in fs])
# ---
print({k: v for k, v in [("a", 1), ("b", 2), ("a", 3)]}, {(i, i): i for i in range(2)})
# ---
print([y for x in [[1, [2, 3]], [4, [5]]] for y in x[1]], [x for x in []], {x for x in ()})
# ---
print(list(zip(*[(1, "a"), (2, "b")])), [i for i, c in enumerate("hello") if c == "l"])
# ---
def gen_nested():
    return [[(r, c) for c in range(2)] for r in range(2)]
print(gen_nested())
# ---
print([undefined_in_comp for x in range(1)])
# raises: NameError: name 'undefined_in_comp' is not defined
# ---
print(sorted({c for c in "mississippi"}), {c: "mississippi".count(c) for c in "misp"})
# ---
limit = 5
print([x for x in range(20) if x < limit], (lambda lim: [x for x in range(lim)])(3))
