for i in range(1000):
    await slow(i, 0)
# limit: host_calls
