# An exception group whose members all share one long message and a long
# notes list: each member's report is written in full, 15 of them, nested.
class Long(Exception):
    def __str__(self):
        return "x" * 1000000
m = Long()
m.__notes__ = ["n" * 10000] * 5000
g = ExceptionGroup("outer", [ExceptionGroup("inner", [m] * 15)] * 15)
raise g
# raises: ExceptionGroup
