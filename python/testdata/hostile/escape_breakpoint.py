breakpoint()
# raises: NameError: name 'breakpoint' is not defined
