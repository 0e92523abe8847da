s = 'ab'
while True:
    s = s + s
# limit: memory
