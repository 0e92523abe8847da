greeter.greet.__self__.__dict__
# raises: AttributeError
