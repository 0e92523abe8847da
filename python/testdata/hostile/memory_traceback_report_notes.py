# 1.6 MB of notes list naming one 10 kB string 100000 times: the uncaught
# exception's report would be 1 GB of text, written after the run, outside
# its limits. The report stops at its byte bound.
e = ValueError("boom")
e.__notes__ = ["n" * 10000] * 100000
raise e
# raises: ValueError
