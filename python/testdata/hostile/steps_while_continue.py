i = 0
while i < 10:
    i = 0
    continue
# limit: steps
