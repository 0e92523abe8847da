[].__class__.__base__.__subclasses__()
# raises: AttributeError
