s = str(10 ** 10 ** 6)
# raises: ValueError
