exec('x = 1')
# raises: NameError: name 'exec' is not defined
