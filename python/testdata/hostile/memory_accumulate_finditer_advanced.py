# A finditer advanced once kept its matching machine, whose backtrack stack
# had grown with the first match, until the iteration ended: keeping such
# iterators held 4.5 GB under toolplane run's 512 MiB limit, all of it
# invisible to the memory measurement. The iterator now keeps no machine
# between steps; what the loop keeps reaches the limit.
import re
s = 'a' * 3000
keep = []
while True:
    it = re.finditer('(a)*', s)
    next(it)
    keep.append((it, 'x' * 40000))
# limit: memory
