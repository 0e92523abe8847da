def f():
    pass
getattr(f, '__glo' + 'bals__')
# raises: AttributeError
