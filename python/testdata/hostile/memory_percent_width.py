s = '%10000000000d' % 1
# limit: memory
