s = ''
while True:
    s += 'x'
    s = s[-10:]
# limit: steps
