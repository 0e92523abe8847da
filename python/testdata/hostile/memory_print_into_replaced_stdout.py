# print into a replaced sys.stdout is retained memory, not output: the memory limit holds it.
import sys, io, contextlib
with contextlib.redirect_stdout(io.StringIO()):
    while True:
        print("x" * 100000)
# limit: memory
