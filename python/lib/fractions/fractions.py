"""Fraction, rational numbers with CPython 3.11 semantics."""

__all__ = ['Fraction']

_HASH_MODULUS = 2305843009213693951
_HASH_INF = 314159


def _gcd(a, b):
    a = abs(a)
    b = abs(b)
    while b:
        a, b = b, a % b
    return a


def _parse(s):
    text = s.strip().replace('_', '')
    if not text:
        raise ValueError('Invalid literal for Fraction: %r' % s)
    sign = 1
    if text[0] in '+-':
        if text[0] == '-':
            sign = -1
        text = text[1:]
    if '/' in text:
        num, _, den = text.partition('/')
        if not num.isdigit() or not den.strip().isdigit() or den != den.strip():
            raise ValueError('Invalid literal for Fraction: %r' % s)
        n, d = int(num), int(den)
        if d == 0:
            raise ZeroDivisionError('Fraction(%s, 0)' % (sign * n))
        return sign * n, d
    mant, exp = text, 0
    low = text.lower()
    if 'e' in low:
        i = low.index('e')
        mant, es = text[:i], text[i + 1:]
        es2 = es[1:] if es[:1] in '+-' else es
        if not es2.isdigit():
            raise ValueError('Invalid literal for Fraction: %r' % s)
        exp = int(es)
    ip, dot, fp = mant.partition('.')
    if (ip and not ip.isdigit()) or (fp and not fp.isdigit()) or not (ip or fp):
        raise ValueError('Invalid literal for Fraction: %r' % s)
    n = int(ip + fp) if (ip + fp) else 0
    d = 1
    exp -= len(fp)
    if exp >= 0:
        n *= 10 ** exp
    else:
        d = 10 ** -exp
    return sign * n, d


class Fraction:
    """This class implements rational numbers."""

    def __new__(cls, numerator=0, denominator=None, *, _normalize=True):
        self = object.__new__(cls)
        if denominator is None:
            if type(numerator) is int or type(numerator) is bool:
                self._numerator = int(numerator)
                self._denominator = 1
                return self
            elif isinstance(numerator, Fraction):
                self._numerator = numerator._numerator
                self._denominator = numerator._denominator
                return self
            elif isinstance(numerator, float):
                n, d = numerator.as_integer_ratio()
                self._numerator = n
                self._denominator = d
                return self
            elif isinstance(numerator, str):
                numerator, denominator = _parse(numerator)
            elif hasattr(numerator, 'as_integer_ratio'):
                n, d = numerator.as_integer_ratio()
                self._numerator = n
                self._denominator = d
                return self
            else:
                raise TypeError("argument should be a string or a Rational instance")
        elif (type(numerator) is int or type(numerator) is bool or isinstance(numerator, Fraction)) and \
                (type(denominator) is int or type(denominator) is bool or isinstance(denominator, Fraction)):
            if isinstance(numerator, Fraction) or isinstance(denominator, Fraction):
                a = Fraction(numerator)
                b = Fraction(denominator)
                numerator = a._numerator * b._denominator
                denominator = b._numerator * a._denominator
            else:
                numerator = int(numerator)
                denominator = int(denominator)
        else:
            raise TypeError("both arguments should be Rational instances")
        if denominator == 0:
            raise ZeroDivisionError('Fraction(%s, 0)' % numerator)
        if _normalize:
            g = _gcd(numerator, denominator)
            if denominator < 0:
                g = -g
            numerator //= g
            denominator //= g
        self._numerator = numerator
        self._denominator = denominator
        return self

    @classmethod
    def from_float(cls, f):
        if isinstance(f, int):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError("%s.from_float() only takes floats, not %r (%s)" % (cls.__name__, f, type(f).__name__))
        return cls(*f.as_integer_ratio())

    @classmethod
    def from_decimal(cls, dec):
        if isinstance(dec, int):
            return cls(dec)
        return cls(*dec.as_integer_ratio())

    def as_integer_ratio(self):
        return (self._numerator, self._denominator)

    def limit_denominator(self, max_denominator=1000000):
        """Closest Fraction to self with denominator at most max_denominator."""
        if max_denominator < 1:
            raise ValueError("max_denominator should be at least 1")
        if self._denominator <= max_denominator:
            return Fraction(self)
        p0, q0, p1, q1 = 0, 1, 1, 0
        n, d = self._numerator, self._denominator
        while True:
            a = n // d
            q2 = q0 + a * q1
            if q2 > max_denominator:
                break
            p0, q0, p1, q1 = p1, q1, p0 + a * p1, q2
            n, d = d, n - a * d
        k = (max_denominator - q0) // q1
        if 2 * d * (q0 + k * q1) <= self._denominator:
            return Fraction(p1, q1, _normalize=False)
        return Fraction(p0 + k * p1, q0 + k * q1, _normalize=False)

    @property
    def numerator(self):
        return self._numerator

    @property
    def denominator(self):
        return self._denominator

    def __repr__(self):
        return '%s(%s, %s)' % (self.__class__.__name__, self._numerator, self._denominator)

    def __str__(self):
        if self._denominator == 1:
            return str(self._numerator)
        return '%s/%s' % (self._numerator, self._denominator)

    def _coerce(self, other):
        if isinstance(other, Fraction):
            return other
        if type(other) is int or type(other) is bool:
            return Fraction(other)
        return None

    def __add__(a, b):
        if isinstance(b, float):
            return float(a) + b
        b = a._coerce(b)
        if b is None:
            return NotImplemented
        return Fraction(a._numerator * b._denominator + b._numerator * a._denominator, a._denominator * b._denominator)

    def __radd__(b, a):
        return b.__add__(a)

    def __sub__(a, b):
        if isinstance(b, float):
            return float(a) - b
        b = a._coerce(b)
        if b is None:
            return NotImplemented
        return Fraction(a._numerator * b._denominator - b._numerator * a._denominator, a._denominator * b._denominator)

    def __rsub__(b, a):
        if isinstance(a, float):
            return a - float(b)
        a = b._coerce(a)
        if a is None:
            return NotImplemented
        return a - b

    def __mul__(a, b):
        if isinstance(b, float):
            return float(a) * b
        b = a._coerce(b)
        if b is None:
            return NotImplemented
        return Fraction(a._numerator * b._numerator, a._denominator * b._denominator)

    def __rmul__(b, a):
        return b.__mul__(a)

    def __truediv__(a, b):
        if isinstance(b, float):
            return float(a) / b
        b = a._coerce(b)
        if b is None:
            return NotImplemented
        if b._numerator == 0:
            raise ZeroDivisionError('Fraction(%s, 0)' % (a._numerator * b._denominator))
        return Fraction(a._numerator * b._denominator, a._denominator * b._numerator)

    def __rtruediv__(b, a):
        if isinstance(a, float):
            return a / float(b)
        a = b._coerce(a)
        if a is None:
            return NotImplemented
        return a / b

    def __floordiv__(a, b):
        if isinstance(b, float):
            return float(a) // b
        b = a._coerce(b)
        if b is None:
            return NotImplemented
        return (a._numerator * b._denominator) // (a._denominator * b._numerator)

    def __rfloordiv__(b, a):
        if isinstance(a, float):
            return a // float(b)
        a = b._coerce(a)
        if a is None:
            return NotImplemented
        return a // b

    def __mod__(a, b):
        if isinstance(b, float):
            return float(a) % b
        b = a._coerce(b)
        if b is None:
            return NotImplemented
        da, db = a._denominator, b._denominator
        return Fraction((a._numerator * db) % (b._numerator * da), da * db)

    def __rmod__(b, a):
        if isinstance(a, str):
            # "%s" % f: the interpreter asks the right operand before str formatting.
            return a % (b,)
        if isinstance(a, float):
            return a % float(b)
        a = b._coerce(a)
        if a is None:
            return NotImplemented
        return a % b

    def __divmod__(a, b):
        if isinstance(b, float):
            return divmod(float(a), b)
        b = a._coerce(b)
        if b is None:
            return NotImplemented
        da, db = a._denominator, b._denominator
        div, n_mod = divmod(a._numerator * db, da * b._numerator)
        return div, Fraction(n_mod, da * db)

    def __rdivmod__(b, a):
        a = b._coerce(a)
        if a is None:
            return NotImplemented
        return divmod(a, b)

    def __pow__(a, b):
        if isinstance(b, int) or (isinstance(b, Fraction) and b._denominator == 1):
            power = b if isinstance(b, int) else b._numerator
            if power >= 0:
                return Fraction(a._numerator ** power, a._denominator ** power, _normalize=False)
            elif a._numerator >= 0:
                if a._numerator == 0:
                    raise ZeroDivisionError('Fraction(%s, 0)' % (a._denominator ** -power))
                return Fraction(a._denominator ** -power, a._numerator ** -power, _normalize=False)
            else:
                return Fraction((-a._denominator) ** -power, (-a._numerator) ** -power, _normalize=False)
        if isinstance(b, (float, Fraction)):
            return float(a) ** float(b)
        return NotImplemented

    def __rpow__(b, a):
        if b._denominator == 1 and b._numerator >= 0:
            return a ** b._numerator
        if isinstance(a, int):
            return Fraction(a) ** b
        return a ** float(b)

    def __pos__(a):
        return Fraction(a._numerator, a._denominator, _normalize=False)

    def __neg__(a):
        return Fraction(-a._numerator, a._denominator, _normalize=False)

    def __abs__(a):
        return Fraction(abs(a._numerator), a._denominator, _normalize=False)

    def __int__(a):
        if a._numerator < 0:
            return -(-a._numerator // a._denominator)
        return a._numerator // a._denominator

    def __trunc__(a):
        return a.__int__()

    def __index__(a):
        raise TypeError("'Fraction' object cannot be interpreted as an integer")

    def __float__(a):
        return a._numerator / a._denominator

    def __floor__(a):
        return a._numerator // a._denominator

    def __ceil__(a):
        return -(-a._numerator // a._denominator)

    def __round__(self, ndigits=None):
        if ndigits is None:
            floor, remainder = divmod(self._numerator, self._denominator)
            if remainder * 2 < self._denominator:
                return floor
            elif remainder * 2 > self._denominator:
                return floor + 1
            elif floor % 2 == 0:
                return floor
            else:
                return floor + 1
        shift = 10 ** abs(ndigits)
        if ndigits > 0:
            return Fraction(round(self * shift), shift)
        else:
            return Fraction(round(self / shift) * shift)

    def __hash__(self):
        try:
            dinv = pow(self._denominator, -1, _HASH_MODULUS)
        except ValueError:
            hash_ = _HASH_INF
        else:
            hash_ = hash(hash(abs(self._numerator)) * dinv)
        result = hash_ if self._numerator >= 0 else -hash_
        return -2 if result == -1 else result

    def __eq__(a, b):
        if type(b) is int or type(b) is bool:
            return a._numerator == b and a._denominator == 1
        if isinstance(b, Fraction):
            return a._numerator == b._numerator and a._denominator == b._denominator
        if isinstance(b, float):
            if b != b or b in (float('inf'), float('-inf')):
                return 0.0 == b
            return a == Fraction(b)
        return NotImplemented

    def _richcmp(self, other, op):
        if isinstance(other, float):
            if other != other or other in (float('inf'), float('-inf')):
                return op(0.0, other)
            other = Fraction(other)
        other = self._coerce(other)
        if other is None:
            return NotImplemented
        return op(self._numerator * other._denominator, self._denominator * other._numerator)

    def __lt__(a, b):
        return a._richcmp(b, lambda x, y: x < y)

    def __gt__(a, b):
        return a._richcmp(b, lambda x, y: x > y)

    def __le__(a, b):
        return a._richcmp(b, lambda x, y: x <= y)

    def __ge__(a, b):
        return a._richcmp(b, lambda x, y: x >= y)

    def __bool__(a):
        return bool(a._numerator)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (self.__class__, (self._numerator, self._denominator))
