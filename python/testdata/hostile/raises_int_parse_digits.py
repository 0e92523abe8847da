n = int('7' * 100000)
# raises: ValueError
