n = ('a' * 10 ** 8).count('b')
# limit: memory
