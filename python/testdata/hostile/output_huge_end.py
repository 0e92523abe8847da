print("x", end="e" * 10 ** 7)
# limit: output
