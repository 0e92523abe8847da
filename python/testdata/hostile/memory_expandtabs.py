s = ('\t' * 1000).expandtabs(10 ** 7)
# limit: memory
