# An islice of a list, kept: the list was held only by the iterator's Go
# closure, invisible to the measurement of what the session keeps.
import itertools
keep = []
for i in range(1000):
    keep.append(itertools.islice([i] * 10**6, 1))
# limit: memory
