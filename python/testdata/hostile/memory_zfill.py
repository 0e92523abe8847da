s = '5'.zfill(10 ** 10)
# limit: memory
