s = str(10 ** 10 ** 5)
# raises: ValueError
