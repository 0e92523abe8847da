def g():
    yield 1
it = g()
next(it)
it.gi_frame.f_back
# raises: AttributeError
