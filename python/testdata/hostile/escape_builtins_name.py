__builtins__
# raises: NameError|NotImplementedError
