await slow(1, 60)
# limit: time
