def f():
    pass
type(f)(f.__code__, {})
# raises: AttributeError
