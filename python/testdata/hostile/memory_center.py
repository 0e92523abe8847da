s = 'x'.center(10 ** 10)
# limit: memory
