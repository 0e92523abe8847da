(lambda: 0).__globals__['__builtins__']
# raises: AttributeError
