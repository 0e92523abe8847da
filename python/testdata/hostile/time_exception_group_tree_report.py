# A group tree that lists the same member 15 times a level: CPython would print
# 15**10 blocks; the report stops after a bounded number of exceptions.
eg = ValueError('x')
for i in range(10):
    eg = ExceptionGroup('g', [eg] * 15)
raise eg
# raises: ExceptionGroup
