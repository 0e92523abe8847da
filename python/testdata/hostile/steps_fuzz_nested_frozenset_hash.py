# Found by FuzzPrograms (seed 5020623): hashing a frozenset hashes its
# members again at every level, so frozensets sharing members nest into
# exponential work; the hash neither counted the level nor ticked the step
# budget, and the run went on past its deadline.
f = frozenset()
for i in range(60):
    f = frozenset([f, frozenset([f]), (f, i)])
# limit: steps|time
