def f():
    pass
f.__globals__
# raises: AttributeError
