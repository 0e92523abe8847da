# A dunder, key= function or property getter that never returns, run by the
# fast loop (from Go through runPlain, or pushed as a plain call), is still
# stopped by the step budget or the deadline.
class A:
    def __init__(self):
        self.n = 0
    def __lt__(self, o):
        while True:
            self.n = self.n + 1
sorted([A(), A()])
# limit: steps|time
# ---
class A:
    def __init__(self):
        self.n = 0
    @property
    def p(self):
        while True:
            self.n = self.n + 1.5
sum(a.p for a in [A()])
# limit: steps|time
# ---
def spin(x):
    n = 0
    while n >= 0:
        n = n + 1
    return n
max([1, 2], key=spin)
# limit: steps|time
