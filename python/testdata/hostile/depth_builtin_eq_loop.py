# A str subclass instance made without str.__new__ has no str inside;
# comparing it once looped between str.__eq__ and ==, past the Go stack.
class S(str):
    pass
s = object.__new__(S)
s == "x"
# raises: RecursionError|TypeError
