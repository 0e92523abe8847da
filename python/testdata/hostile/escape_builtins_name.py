__builtins__
# raises: NameError: name '__builtins__' is not defined
