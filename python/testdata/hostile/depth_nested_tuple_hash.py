t = ()
for i in range(100000):
    t = (t,)
hash(t)
# limit: depth
