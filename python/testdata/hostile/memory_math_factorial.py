import math
math.factorial(10 ** 7)
# raises: OverflowError
