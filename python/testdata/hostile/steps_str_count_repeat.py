s = 'ab' * 1000000
while True:
    s.count('b')
# limit: steps
