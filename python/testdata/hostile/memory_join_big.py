s = ' '.join(['a' * 1000000] * 1000)
# limit: memory
