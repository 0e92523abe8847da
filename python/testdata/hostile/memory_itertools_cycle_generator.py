# itertools.cycle saves what its source yields in Go: the saved items were
# invisible to the memory measurement, and a cycle over a generator of
# lists took the process to a fatal out-of-memory at 5 GB under a 16 MiB
# limit. The saved items are now counted and the run ends with MemoryError.
import itertools
c = itertools.cycle([i] * 50 for i in range(10**6))
next(itertools.islice(c, 10**6, None))
# limit: memory
