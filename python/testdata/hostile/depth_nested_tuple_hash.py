t = ()
for i in range(200000):
    t = (t,)
hash(t)
# limit: depth
