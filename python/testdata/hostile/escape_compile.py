compile('1', 'f', 'eval')
# raises: NotImplementedError
