__import__('os')
# raises: NameError: name '__import__' is not defined
