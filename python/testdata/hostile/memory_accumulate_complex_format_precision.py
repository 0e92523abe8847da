# format() of a complex with a huge precision builds two huge parts; kept,
# they must reach the memory limit.
keep = []
for _ in range(1000):
    keep.append(format(1e300 + 1e300j, '.1000000f'))
# limit: memory
