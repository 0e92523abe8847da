'{0.__class__.__base__.__subclasses__}'.format(1)
# raises: AttributeError
