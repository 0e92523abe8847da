# min() and max() report a missing positional argument before looking at
# their keywords, as CPython does.
def run(f):
    try:
        return repr(f())
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)

print(run(lambda: max(bogus=1)))
print(run(lambda: min(key=len, bogus=2)))
print(run(lambda: min(default=0)))
print(run(lambda: max([2, 5], bogus=1)))
print(run(lambda: max([], key=len, default='d')))
