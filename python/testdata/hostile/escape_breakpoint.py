breakpoint()
# raises: NameError|NotImplementedError
