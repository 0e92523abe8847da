exec('x = 1')
# raises: NotImplementedError
