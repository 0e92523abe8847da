def f():
    return f()
f()
# limit: depth
