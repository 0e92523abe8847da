# The exception that ends a run has a message whose __str__ never returns:
# the run ends by the clock and is reported as the time limit, not as the
# exception with "<exception str() failed>" (before: SystemExit with that
# message and no limit, so a host saw an ordinary sys.exit).
class C:
    def __str__(self):
        while True:
            pass
raise SystemExit(C())
# limit: time
# ---
class E(Exception):
    def __str__(self):
        while True:
            pass
raise E()
# limit: time
# ---
class C:
    def __repr__(self):
        while True:
            pass
raise KeyError(C())
# limit: time
