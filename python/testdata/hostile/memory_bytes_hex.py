h = (b'x' * 10 ** 7).hex() * 10
# limit: memory
