# float() takes an integer-like object through __index__; bytes() asks __bytes__ first.
class Idx:
    def __index__(self):
        return 12
print(float(Idx()), float(Idx()) == 12.0)
class BadIdx:
    def __index__(self):
        return 'x'
try:
    float(BadIdx())
except TypeError as e:
    print(e)
class Both:
    def __float__(self):
        return 1.5
    def __index__(self):
        return 3
print(float(Both()))
class Bb:
    def __bytes__(self):
        return b'made'
    def __iter__(self):
        return iter([1, 2])
print(bytes(Bb()))
class Bad:
    def __bytes__(self):
        return 'text'
try:
    bytes(Bad())
except TypeError as e:
    print(e)
print(bytes([1, 2]), bytes(b'x'))
