slow.__closure__
# raises: AttributeError
