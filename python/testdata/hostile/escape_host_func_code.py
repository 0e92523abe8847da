slow.__code__
# raises: AttributeError
