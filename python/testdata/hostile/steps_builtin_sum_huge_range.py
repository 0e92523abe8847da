sum(range(10 ** 18))
# limit: steps
