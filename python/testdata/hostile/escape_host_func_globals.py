slow.__globals__
# raises: AttributeError
