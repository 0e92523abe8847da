exec('x = 1')
# raises: NameError|NotImplementedError
