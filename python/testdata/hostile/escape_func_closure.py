def outer():
    x = 1
    def inner():
        return x
    return inner
outer().__closure__
# raises: AttributeError
