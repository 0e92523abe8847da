print(*range(10 ** 6))
# limit: output
