type.__subclasses__(object)
# raises: AttributeError
