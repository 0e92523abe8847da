print('a' * 10 ** 7)
# limit: output
