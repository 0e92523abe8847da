s = 'x'.ljust(10 ** 10)
# limit: memory
