# Builtin methods count positional and keyword arguments together against
# their parameters before binding keywords, as CPython's argument parser does.
def e(f):
    try:
        f()
    except TypeError as x:
        print(x)

e(lambda: 'tab\t'.expandtabs(2, tabsize=4))
e(lambda: 'l1\nl2'.splitlines(False, keepends=True))
e(lambda: 'p q r'.split(' ', 2, maxsplit=1))
e(lambda: 'p q r'.rsplit(' ', maxsplit=1, sep=' '))
e(lambda: 'p q'.split(' ', sep=' '))
e(lambda: 'tab'.expandtabs(tabsize=3, width=1))
e(lambda: int('11', 2, base=2))
e(lambda: 'y'.encode('ascii', 'ignore', errors='strict'))
print('p q r'.split(' ', maxsplit=1), 'a\tb'.expandtabs(tabsize=2))
