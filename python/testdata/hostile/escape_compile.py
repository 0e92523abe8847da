compile('1', 'f', 'eval')
# raises: NameError|NotImplementedError
