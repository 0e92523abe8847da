parts = ('a,' * 10 ** 8).split(',')
# limit: memory
