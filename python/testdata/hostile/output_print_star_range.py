print(*range(3 * 10 ** 5))
# limit: output
