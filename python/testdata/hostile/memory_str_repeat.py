s = 'a' * 10 ** 10
# limit: memory
