e = None
while True:
    try:
        raise ValueError('chain ' * 100) from e
    except ValueError as x:
        e = x
# limit: memory|steps
