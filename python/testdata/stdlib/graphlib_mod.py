from graphlib import TopologicalSorter, CycleError
graph = {"D": {"B", "C"}, "C": {"A"}, "B": {"A"}}
ts = TopologicalSorter({"D": ["B", "C"], "C": ["A"], "B": ["A"]})
print(list(ts.static_order()))
print(list(TopologicalSorter({1: [2, 3], 2: [4], 3: [4], 5: [], 4: []}).static_order()))
ts = TopologicalSorter()
ts.add("build", "fetch", "configure")
ts.add("configure", "fetch")
ts.add("test", "build")
ts.add("deploy", "test", "build")
ts.prepare()
order = []
while ts.is_active():
    ready = ts.get_ready()
    order.append(ready)
    ts.done(*ready)
print(order, bool(ts))
# ---
from graphlib import TopologicalSorter, CycleError
try:
    list(TopologicalSorter({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}).static_order())
except CycleError as e:
    print(type(e).__name__, e.args, isinstance(e, ValueError))
errors = []
ts = TopologicalSorter({"x": ["y"]})
for f in [lambda: ts.get_ready(), lambda: ts.is_active(), lambda: ts.done("x")]:
    try:
        f()
    except ValueError as e:
        errors.append(str(e))
ts.prepare()
for f in [lambda: ts.prepare(), lambda: ts.add("z"), lambda: ts.done("x"), lambda: ts.done("q")]:
    try:
        f()
    except ValueError as e:
        errors.append(str(e))
r = ts.get_ready()
ts.done(*r)
try:
    ts.done(*r)
except ValueError as e:
    errors.append(str(e))
print(r, errors)
print(list(TopologicalSorter({"self": ["self"]}).static_order()) if False else "skip")
try:
    TopologicalSorter({"s": ["s"]}).prepare()
except CycleError as e:
    print(e.args[1])
