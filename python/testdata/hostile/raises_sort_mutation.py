l = [3, 1, 2]
l.sort(key=lambda x: (l.append(1), x)[1])
# raises: ValueError: list modified during sort
