eval('1 + 1')
# raises: NameError|NotImplementedError
