# A group cannot contain itself: it copies its exceptions when made, so a
# list appended to afterwards (here: the group itself) changes neither
# .exceptions nor what except* splits. The run must finish the split and
# re-raise the unmatched part, not loop.
items = [ValueError(1)]
g = ExceptionGroup("self", items)
items.append(g)
items.append(TypeError(2))
assert g.exceptions == (items[0],)
assert g.split(ExceptionGroup) == (g, None)
try:
    raise g
except* TypeError:
    raise AssertionError("no TypeError in the group")
# raises: ExceptionGroup: self (1 sub-exception)
