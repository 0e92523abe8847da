import re
keep = []
s = "a" * 10 ** 4
for _ in range(100):
    keep.append(re.sub("a", "b" * 1000, s))
# limit: memory
