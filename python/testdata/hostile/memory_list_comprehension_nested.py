m = [[0] * 10000 for _ in range(10000)]
# limit: memory
