input()
# raises: NameError|NotImplementedError
