d = dict.fromkeys(range(10 ** 10))
# limit: memory
