max(range(10 ** 18))
# limit: steps
