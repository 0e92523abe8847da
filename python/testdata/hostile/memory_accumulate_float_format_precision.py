# format() of a float with a huge precision builds a huge string per call
# ('%' and 'f' of 1e300 add 300 digits); kept, they reach the memory limit.
keep = []
for _ in range(1000):
    keep.append(format(1e300, '.1000000f'))
    keep.append('%.1000000e' % 1.5)
# limit: memory
