input()
# raises: NotImplementedError
