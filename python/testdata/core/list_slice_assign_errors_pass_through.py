l = [1, 2]
try:
    l[0:1] = 5
except TypeError as e:
    print(e)
try:
    l[::2] = 5
except TypeError as e:
    print(e)
def g():
    yield 1
    raise KeyError('boom')
try:
    l[0:1] = g()
except KeyError as e:
    print('KeyError', e)
print(l)
