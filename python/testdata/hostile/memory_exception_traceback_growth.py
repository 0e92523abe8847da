# An exception's traceback gains an entry for every frame it unwinds
# through and every time it is raised again, on the exception itself: an
# exception kept and raised in a loop grows without making a new object.
# The entries must be charged (before: 1.4 GiB of heap under the 64 MiB
# limit by the deadline).
e = ValueError()
while True:
    try:
        raise e
    except ValueError:
        pass
# limit: memory
# ---
# Exceptions raised 450 calls deep and kept hold 450 entries each (before:
# 1.5 GiB of heap under the 64 MiB limit).
def f(n):
    if n == 0:
        raise ValueError
    f(n - 1)
keep = []
while True:
    try:
        f(450)
    except ValueError as e:
        keep.append(e)
# limit: memory
# ---
# The same through sys.exc_info(), which keeps the traceback object.
import sys
def f(n):
    if n == 0:
        raise ValueError
    f(n - 1)
keep = []
while True:
    try:
        f(450)
    except ValueError:
        keep.append(sys.exc_info())
# limit: memory
# ---
# A MemoryError that replaces an exception whose traceback no longer fits
# is an ordinary exception: a handler sees it, and the run goes on (most
# of the limit is taken first, so that the traceback fills the rest soon).
blob = bytes(60 << 20)
e = ValueError()
n = 0
try:
    while True:
        try:
            raise e
        except ValueError:
            n += 1
except MemoryError:
    pass
e = blob = None
print(n > 1000)
# completes
