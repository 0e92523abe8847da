print.__self__
# raises: AttributeError
