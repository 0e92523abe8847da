any(x < 0 for x in range(10 ** 18))
# limit: steps
