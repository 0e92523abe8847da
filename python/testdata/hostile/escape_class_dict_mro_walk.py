for k in type(slow).__mro__:
    k.__subclasses__()
# raises: AttributeError
