d = {"b": 1, "a": 2}
d["c"] = 3
print(d, list(d), list(d.keys()), list(d.values()), list(d.items()))
# ---
d = {"x": 1}
d["x"] = 5
d["y"] = 6
del d["x"]
d["x"] = 7
print(d)
# ---
{"a": 1}["b"]
# raises: KeyError: 'b'
# ---
{}[1]
# raises: KeyError: 1
# ---
{}[(1, "a")]
# raises: KeyError: (1, 'a')
# ---
d = {"a": 1}
print(d.get("a"), d.get("z"), d.get("z", 0), d.setdefault("b", []), d, d.setdefault("a", 9))
# ---
d = {"a": 1, "b": 2}
print(d.pop("a"), d.pop("zz", None), d, d.popitem(), d)
# ---
{}.pop("k")
# raises: KeyError: 'k'
# ---
{}.popitem()
# raises: KeyError: 'popitem(): dictionary is empty'
# ---
d = {"a": 1}
d.update({"b": 2}, c=3)
d.update([("d", 4)])
print(d, len(d), "a" in d, 1 in d)
# ---
print(dict(a=1, b=2), dict([("x", 1)]), dict({"k": "v"}, z=0), dict.fromkeys("ab", 0), dict.fromkeys([1, 2]))
# ---
d = {i: i * i for i in range(5)}
print(d, {k: v for k, v in d.items() if v % 2 == 0})
# ---
a = {"x": 1, "y": 2}
b = {"y": 3, "z": 4}
print(a | b, b | a, {**a, **b}, {**b, "x": 0})
a |= b
print(a)
# ---
print({"a": 1, "b": 2} == {"b": 2, "a": 1}, {1: "a"} == {1.0: "a"}, {} == dict())
# ---
d = {1: "int", 1.0: "float", True: "bool"}
print(d, len(d))
# ---
{[1]: 2}
# raises: TypeError: unhashable type: 'list'
# ---
d = {"a": 1, "b": 2}
for k in d:
    d[k] += 10
print(d)
# ---
d = {"a": 1}
for k in d:
    d["new"] = 1
# raises: RuntimeError: dictionary changed size during iteration
# ---
counts = {}
for w in "the cat and the hat and the bat".split():
    counts[w] = counts.get(w, 0) + 1
print(counts, max(counts, key=counts.get))
# ---
d = {"z": 1, "a": 2, "m": 3}
print(sorted(d), sorted(d.items(), key=lambda kv: kv[1], reverse=True), dict(sorted(d.items())))
# ---
d = {"a": {"b": {"c": 42}}}
print(d["a"]["b"]["c"], d.get("a", {}).get("x", {}).get("c", "missing"))
# ---
d = {"a": 1, "b": 2}
k = d.keys()
d["c"] = 3
print(k, len(k), "c" in k, list(reversed(d)), k & {"a", "z"})
# ---
print(repr({"s": "x", 1: [None], (1, 2): {"n": 1.5}}), str({}), repr({"q": "it's"}))
# ---
d = {"a": 1}
e = d.copy()
e["a"] = 2
print(d, e, d is e)
d.clear()
print(d)
# ---
print(list({"b": 0, "a": 0, "c": 0}), list(dict.fromkeys("mississippi")))
# ---
d = {}
d.setdefault("x", []).append(1)
d.setdefault("x", []).append(2)
print(d)
# ---
inv = {v: k for k, v in {"a": 1, "b": 2}.items()}
print(inv, list(zip(inv.values(), inv.keys())))
# ---
d = dict(zip("abc", range(3)))
print(d, list(d.items())[-1], next(iter(d)), len(d.values()))
# ---
print({1: 2}.__class__.__name__, isinstance({}, dict), dict.__name__, type({}) is dict)
# ---
d = {"k": [1, 2]}
print(d.items(), d.values(), {"a": 1}.keys())
# ---
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
d["b"] = 4
print(list(d.items()), {k: d[k] for k in reversed(list(d))})
# ---
dict([(1, 2, 3)])
# raises: ValueError: dictionary update sequence element #0 has length 3; 2 is required
