breakpoint()
# raises: NotImplementedError
