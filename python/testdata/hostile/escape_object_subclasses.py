object.__subclasses__()
# raises: AttributeError
