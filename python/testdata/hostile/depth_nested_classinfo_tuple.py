# isinstance/issubclass accept nested tuples of classes and walk them
# recursively.
x = int
for i in range(30000):
    x = (x,)
isinstance(1, x)
# limit: depth
# ---
x = str
for i in range(30000):
    x = (x,)
issubclass(int, x)
# limit: depth
