eval('1 + 1')
# raises: NameError: name 'eval' is not defined
