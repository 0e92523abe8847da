# Found by FuzzPrograms (seed 5028272, 5061421): tuples that hold one
# another twice nest into 2**40 paths; a session's snapshot (DeepCopy) and
# size (SizeOf) after the run walked every path, outside the run's
# deadline. Each walks a shared tuple once, as it does a list or dict.
t = ()
for i in range(40):
    t = (t, t)
kept = [t, (t, [t])]
# completes
