s = 'a' * 1000000
t = s.replace('', 'b' * 1000)
# limit: memory
