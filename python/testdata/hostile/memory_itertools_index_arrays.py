# combinations, permutations, combinations_with_replacement and product keep
# index arrays in Go whose length is the snippet's r: they were made before
# anything was charged, and not seen by the memory measurement after, so
# combinations_with_replacement([1], 2 * 10**8) took toolplane run to 7.8 GB
# under its 512 MiB limit (a billion, which r may be, would end the host).
import itertools
it = itertools.combinations_with_replacement([1], 10 ** 7)
# limit: memory
# ---
# Iterators over one shared tuple, each with its own index arrays.
import itertools
t = tuple(range(10 ** 6))
keep = []
while True:
    keep.append(itertools.permutations(t))
# limit: memory
