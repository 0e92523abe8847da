def f(n):
    return f(n + 1)
while True:
    try:
        f(0)
    except RecursionError:
        pass
# limit: steps
