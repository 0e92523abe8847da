# types.MethodType(m, obj) of a method is a method whose function is a
# method: a chain fifty thousand deep, called, unwraps one level per call and
# must end by the depth limit, not Go's stack.
import types
m = len
for i in range(50_000):
    m = types.MethodType(m, i)
m()
# limit: depth|memory
