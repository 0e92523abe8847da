# A host call converts its arguments when it is made, not when it is
# awaited: 30 calls made and kept hold 30 copies of a million-item list
# (about 24 MB each) outside the snippet's values.
big = list(range(1_000_000))
calls = [echo(big) for _ in range(30)]
# limit: memory
