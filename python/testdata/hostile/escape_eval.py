eval('1 + 1')
# raises: NotImplementedError
