raise ValueError('x' * 10 ** 10)
# limit: memory
