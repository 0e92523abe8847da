n = int('9' * 10 ** 9)
# limit: memory
