def f():
    pass
'{0.__globals__}'.format(f)
# raises: AttributeError
