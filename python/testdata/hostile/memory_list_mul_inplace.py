l = [1, 2, 3]
while True:
    l *= 2
# limit: memory
