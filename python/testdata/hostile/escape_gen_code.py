def g():
    yield 1
g().gi_code
# raises: AttributeError
