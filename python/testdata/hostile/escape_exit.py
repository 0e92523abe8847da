exit()
# raises: NameError: name 'exit' is not defined
