a = set([200, 16, 83, 27, 90, 36])
print(a, a.copy(), set(a), frozenset(a), a | set())
# ---
a = {101, 89, -17}
b = {184, 104, 71, 110, 98}
print(a ^ b, a | b, sorted(a ^ b))
# ---
seen_ids = [5, 3, 9, 3, 1, 5, 12, 7]
unique = set(seen_ids)
print(sorted(unique), len(unique), 3 in unique, min(unique), max(unique), sum(unique), sorted(unique - {3, 5}), sorted(unique & {1, 2, 3}))
# ---
required = {"id", "name", "email"}
present = {"name", "id", "phone"}
print(sorted(required - present), sorted(present - required), sorted(required | present), required <= present | {"email"}, bool(required & present))
# ---
print({1, 2, 3}, {3, 2, 1}, set(range(10)), {x * x for x in range(8)}, {-1, -2, 0}, {10, 100, 1000}, set("aaa"), {True, 1, 1.0}, {0, False})
# ---
old = {k: i for i, k in enumerate([30, 1, 17, 200, 5, 64, 9])}
new = {5: 0, 64: 1, 8: 2}
print("removed", old.keys() - new.keys(), "added", new.keys() - old.keys(), "all", old.keys() | new.keys())
