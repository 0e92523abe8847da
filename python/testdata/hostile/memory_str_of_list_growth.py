s = 'x'
while True:
    s = repr([s, s])
# limit: memory
