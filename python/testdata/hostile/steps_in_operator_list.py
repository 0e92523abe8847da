l = list(range(1000000))
while True:
    -1 in l
# limit: steps
