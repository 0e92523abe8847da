import types
types.FunctionType((lambda: 0).__code__, {})
# raises: AttributeError
