x = 3
while True:
    x = x * x
# limit: memory
