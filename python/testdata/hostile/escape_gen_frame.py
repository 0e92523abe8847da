def g():
    yield 1
g().gi_frame
# raises: AttributeError
