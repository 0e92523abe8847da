# Every call fails with a 4 MB message the host built (a schema error that
# quotes the argument, say): kept, 40 of them are 160 MB under a 64 MB limit.
# (Only ToolError is caught: the MemoryError that ends the run may come as
# the error unwinds, its traceback entry charged, inside the try.)
msg = 'x' * 4_000_000
errs = []
for i in range(40):
    try:
        await fail(msg)
    except ToolError as e:
        errs.append(e)
# limit: memory
