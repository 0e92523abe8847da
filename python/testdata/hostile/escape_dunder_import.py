__import__('os')
# raises: NameError|NotImplementedError
