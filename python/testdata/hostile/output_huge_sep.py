print(*["a"] * 1000, sep="b" * 100000)
# limit: output
