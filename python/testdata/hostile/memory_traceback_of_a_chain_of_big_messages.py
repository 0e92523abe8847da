# The traceback of the exception that ends a run is formatted after the
# run, outside its limits: a chain of exceptions that all carry one 10 MB
# message must not make it 100 x 10 MB long (it took 25 s and 2.8 GB).
s = 'x' * 10**7
prev = None
for i in range(200):
    try:
        raise ValueError(s) from prev
    except ValueError as e:
        prev = e
raise prev
# raises: ValueError
# ---
# Notes, each shown in the report: a thousand of one 10 MB string.
s = 'x' * 10**7
e = ValueError('v')
e.__notes__ = [s] * 1000
raise e
# raises: ValueError
# ---
s = 'x' * 10**7
e = ValueError('v')
e.__notes__ = tuple([s] * 1000)
raise e
# raises: ValueError
# ---
# A group's sub-exceptions, each shown: a thousand sharing one message.
s = 'x' * 10**7
raise ExceptionGroup('g', [ValueError(s)] * 1000)
# raises: ExceptionGroup
