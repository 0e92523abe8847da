compile('1', 'f', 'eval')
# raises: NameError: name 'compile' is not defined
