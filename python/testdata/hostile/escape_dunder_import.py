__import__('os')
# raises: NotImplementedError
