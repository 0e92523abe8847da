b = b'x' * 10 ** 10
# limit: memory
