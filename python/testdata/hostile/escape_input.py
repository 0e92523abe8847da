input()
# raises: NameError: name 'input' is not defined
