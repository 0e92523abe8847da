# A builtin that calls back into the snippet and drops what the call raised
# (str() of an OSError drops a failing repr of its filename) also drops the
# limit that ended the call. The run must still end at the deadline: before,
# each call back polled after its interval and failed, the builtin went on,
# and the loop's own poll, pushed back by every one of them, never came
# (the run went on forever past its deadline).
class C:
    def __repr__(self):
        while True:
            pass
while True:
    try:
        str(OSError(2, "x", C()))
    except Exception:
        pass
# limit: time
# ---
# max() with a key whose comparison answers an object whose __bool__ never
# returns (max dropped __bool__'s error, now it raises it as CPython does).
class C:
    def __bool__(self):
        while True:
            pass
    def __lt__(self, o):
        return C()
while True:
    try:
        max([1, 2, 3], key=lambda x: C())
    except BaseException:
        pass
# limit: time
# ---
# list.index's "x is not in list" makes repr(x); a repr that never returns
# is the limit's, not a ValueError's.
class C:
    def __repr__(self):
        while True:
            pass
    def __eq__(self, o):
        return False
while True:
    try:
        [1].index(C())
    except ValueError:
        pass
# limit: time
