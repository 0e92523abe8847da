x = pow(2, 10 ** 10)
# limit: memory
