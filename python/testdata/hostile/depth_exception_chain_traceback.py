# The traceback of the run's error walks the __cause__ chain; a chain of
# 30000 exceptions once recursed that deep in Go while formatting it.
e = ValueError(0)
for i in range(30000):
    e2 = ValueError(i)
    e2.__cause__ = e
    e = e2
raise e
# raises: ValueError
# ---
e = ValueError(0)
for i in range(30000):
    e2 = ValueError(i)
    e2.__context__ = e
    e = e2
raise e
# raises: ValueError
