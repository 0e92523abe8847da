def f():
    pass
f.__code__
# raises: AttributeError
