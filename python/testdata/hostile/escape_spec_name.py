__spec__.loader
# raises: NameError|NotImplementedError|AttributeError
