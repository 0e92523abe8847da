b = bytearray(10 ** 10)
# limit: memory
