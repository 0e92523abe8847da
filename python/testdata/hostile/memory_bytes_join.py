b = b''.join([b'x' * 1000000] * 1000)
# limit: memory
