().__class__.__bases__[0].__subclasses__()
# raises: AttributeError
