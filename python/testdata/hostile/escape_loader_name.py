__loader__
# raises: NameError|NotImplementedError
