"""Decimal fixed and floating point arithmetic (the General Decimal Arithmetic
Specification), with CPython 3.11's results for the common operations."""

__all__ = ['Decimal', 'Context', 'DecimalTuple', 'DefaultContext', 'BasicContext',
           'ExtendedContext', 'DecimalException', 'Clamped', 'InvalidOperation',
           'DivisionByZero', 'Inexact', 'Rounded', 'Subnormal', 'Overflow', 'Underflow',
           'FloatOperation', 'DivisionImpossible', 'DivisionUndefined', 'ConversionSyntax',
           'InvalidContext', 'ROUND_DOWN', 'ROUND_HALF_UP', 'ROUND_HALF_EVEN',
           'ROUND_CEILING', 'ROUND_FLOOR', 'ROUND_UP', 'ROUND_HALF_DOWN', 'ROUND_05UP',
           'setcontext', 'getcontext', 'localcontext', 'MAX_PREC', 'MAX_EMAX', 'MIN_EMIN',
           'MIN_ETINY', 'HAVE_THREADS', 'HAVE_CONTEXTVAR']


def _cargs(spec):
    """Marks a method of a type CPython writes in C with the argument parser C uses,
    so a wrong call fails in C's words (see __toolplane_cargs__ in the interpreter)."""
    def mark(f):
        f.__toolplane_cargs__ = spec
        return f
    return mark

__version__ = '1.70'
__libmpdec_version__ = '2.5.1'

ROUND_DOWN = 'ROUND_DOWN'
ROUND_HALF_UP = 'ROUND_HALF_UP'
ROUND_HALF_EVEN = 'ROUND_HALF_EVEN'
ROUND_CEILING = 'ROUND_CEILING'
ROUND_FLOOR = 'ROUND_FLOOR'
ROUND_UP = 'ROUND_UP'
ROUND_HALF_DOWN = 'ROUND_HALF_DOWN'
ROUND_05UP = 'ROUND_05UP'
_ROUNDINGS = (ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR,
              ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP)

MAX_PREC = 999999999999999999
MAX_EMAX = 999999999999999999
MIN_EMIN = -999999999999999999
MIN_ETINY = MIN_EMIN - (MAX_PREC - 1)
HAVE_THREADS = True
HAVE_CONTEXTVAR = True


class DecimalException(ArithmeticError):
    pass


class Clamped(DecimalException):
    pass


class InvalidOperation(DecimalException):
    pass


class ConversionSyntax(InvalidOperation):
    pass


class DivisionByZero(DecimalException, ZeroDivisionError):
    pass


class DivisionImpossible(InvalidOperation):
    pass


class DivisionUndefined(InvalidOperation, ZeroDivisionError):
    pass


class Inexact(DecimalException):
    pass


class InvalidContext(InvalidOperation):
    pass


class Rounded(DecimalException):
    pass


class Subnormal(DecimalException):
    pass


class Overflow(Inexact, Rounded):
    pass


class Underflow(Inexact, Rounded, Subnormal):
    pass


class FloatOperation(DecimalException):
    pass


def _signal(cls, cond=None):
    """The exception CPython's decimal raises: its message names the condition."""
    return cls("[<class 'decimal.%s'>]" % (cond or cls).__name__)


class Context:
    """Contains the context for a Decimal instance."""

    def __init__(self, prec=None, rounding=None, Emin=None, Emax=None, capitals=None,
                 clamp=None, flags=None, traps=None):
        self.prec = 28 if prec is None else prec
        self.rounding = ROUND_HALF_EVEN if rounding is None else rounding
        self.Emin = -999999 if Emin is None else Emin
        self.Emax = 999999 if Emax is None else Emax
        self.capitals = 1 if capitals is None else capitals
        self.clamp = 0 if clamp is None else clamp
        self.flags = {} if flags is None else flags
        self.traps = ({InvalidOperation: True, DivisionByZero: True, Overflow: True}
                      if traps is None else traps)

    def __setattr__(self, name, value):
        if name == 'prec':
            if not isinstance(value, int):
                raise TypeError('valid range for prec is [1, MAX_PREC]')
            if not 1 <= value <= MAX_PREC:
                raise ValueError('valid range for prec is [1, MAX_PREC]')
        elif name == 'rounding':
            if value not in _ROUNDINGS:
                raise TypeError('valid values for rounding are:\n  [ROUND_CEILING, ROUND_FLOOR, '
                                'ROUND_UP, ROUND_DOWN,\n   ROUND_HALF_UP, ROUND_HALF_DOWN, '
                                'ROUND_HALF_EVEN,\n   ROUND_05UP]')
        object.__setattr__(self, name, value)

    def Etiny(self):
        return self.Emin - self.prec + 1

    def Etop(self):
        return self.Emax - self.prec + 1

    def copy(self):
        return Context(self.prec, self.rounding, self.Emin, self.Emax, self.capitals,
                       self.clamp, dict(self.flags), dict(self.traps))

    __copy__ = copy

    def clear_flags(self):
        self.flags = {}

    def __repr__(self):
        names = ['InvalidOperation', 'FloatOperation', 'DivisionByZero', 'Overflow',
                 'Underflow', 'Subnormal', 'Inexact', 'Rounded', 'Clamped']
        traps = [n for n in names if self.traps.get(globals()[n])]
        flags = [n for n in names if self.flags.get(globals()[n])]
        return ('Context(prec=%d, rounding=%s, Emin=%d, Emax=%d, capitals=%d, clamp=%d, '
                'flags=[%s], traps=[%s])' % (self.prec, self.rounding, self.Emin, self.Emax,
                                             self.capitals, self.clamp, ', '.join(flags),
                                             ', '.join(traps)))

    def create_decimal(self, num='0'):
        return Decimal(num)._fix(self)

    def create_decimal_from_float(self, f):
        return Decimal.from_float(f)._fix(self)

    def add(self, a, b):
        return _convert(a, True).__add__(b, self)

    def subtract(self, a, b):
        return _convert(a, True).__sub__(b, self)

    def multiply(self, a, b):
        return _convert(a, True).__mul__(b, self)

    def divide(self, a, b):
        return _convert(a, True).__truediv__(b, self)

    def quantize(self, a, b):
        return _convert(a, True).quantize(b, context=self)

    def sqrt(self, a):
        return _convert(a, True).sqrt(self)

    def plus(self, a):
        return _convert(a, True)._fix(self)

    def minus(self, a):
        return _convert(a, True).__neg__(self)

    def abs(self, a):
        return _convert(a, True).__abs__(context=self)

    def power(self, a, b, modulo=None):
        return _convert(a, True).__pow__(b, modulo, self)


DefaultContext = Context()
BasicContext = Context(prec=9, rounding=ROUND_HALF_UP,
                       traps={DivisionByZero: True, Overflow: True, InvalidOperation: True,
                              Clamped: True, Underflow: True})
ExtendedContext = Context(prec=9, rounding=ROUND_HALF_EVEN, traps={})

_current = [DefaultContext.copy()]


def getcontext():
    """Returns this run's context."""
    return _current[0]


def setcontext(context):
    """Set this run's context to context."""
    if not isinstance(context, Context):
        raise TypeError("argument must be a context")
    if context in (DefaultContext, BasicContext, ExtendedContext):
        context = context.copy()
    _current[0] = context


class _ContextManager:
    def __init__(self, new_context):
        self.new_context = new_context.copy()

    def __enter__(self):
        self.saved_context = getcontext()
        setcontext(self.new_context)
        return self.new_context

    def __exit__(self, t, v, tb):
        setcontext(self.saved_context)


def localcontext(ctx=None, **kwargs):
    """Return a context manager for a copy of the supplied context."""
    if ctx is None:
        ctx = getcontext()
    elif not isinstance(ctx, Context):
        raise TypeError("optional argument must be a context")
    manager = _ContextManager(ctx)
    for key, value in kwargs.items():
        if not hasattr(manager.new_context, key):
            raise TypeError("'%s' is an invalid keyword argument for this function" % key)
        setattr(manager.new_context, key, value)
    return manager


class DecimalTuple:
    """DecimalTuple(sign, digits, exponent)"""

    def __init__(self, sign, digits, exponent):
        self.sign = sign
        self.digits = digits
        self.exponent = exponent

    def __iter__(self):
        return iter((self.sign, self.digits, self.exponent))

    def __getitem__(self, i):
        return (self.sign, self.digits, self.exponent)[i]

    def __len__(self):
        return 3

    def __eq__(self, other):
        return tuple(self) == tuple(other)

    def __repr__(self):
        return 'DecimalTuple(sign=%r, digits=%r, exponent=%r)' % (self.sign, self.digits, self.exponent)


def _parse(s):
    """Parse a numeric string: (sign, digits, exp) with exp 'F' (infinity), 'n' (NaN),
    'N' (sNaN), or None when the string is not a number."""
    t = s.strip().replace('_', '')
    if s.strip() != s.strip().replace('__', '') or s.strip().startswith('_') or s.strip().endswith('_'):
        return None
    if not t:
        return None
    sign = 0
    if t[0] in '+-':
        sign = 1 if t[0] == '-' else 0
        t = t[1:]
    low = t.lower()
    if low in ('inf', 'infinity'):
        return sign, '0', 'F'
    for prefix, code in (('snan', 'N'), ('nan', 'n')):
        if low.startswith(prefix):
            payload = t[len(prefix):]
            if payload and not (payload.isdigit() and payload.isascii()):
                return None
            payload = payload.lstrip('0')
            return sign, payload, code
    exp = 0
    if 'e' in low:
        i = low.index('e')
        mant, es = t[:i], t[i + 1:]
        body = es[1:] if es[:1] in '+-' else es
        if not body or not (body.isdigit() and body.isascii()):
            return None
        exp = int(es)
    else:
        mant = t
    intpart, dot, frac = mant.partition('.')
    if not (intpart or frac):
        return None
    for part in (intpart, frac):
        if part and not (part.isdigit() and part.isascii()):
            return None
    digits = (intpart + frac).lstrip('0') or '0'
    return sign, digits, exp - len(frac)


def _convert(other, raiseit=False, allow_float=False):
    if isinstance(other, Decimal):
        return other
    if isinstance(other, int):
        return Decimal(other)
    if allow_float and isinstance(other, float):
        return Decimal.from_float(other)
    if raiseit:
        raise TypeError("conversion from %s to Decimal is not supported" % type(other).__name__)
    return NotImplemented


def _dec(sign, coefficient, exponent, special=False):
    self = object.__new__(Decimal)
    self._sign = sign
    self._int = coefficient
    self._exp = exponent
    self._is_special = special
    return self


def _trimmed(c, exp, prec):
    """The digits and exponent of c * 10**exp, cut to prec + 10 digits and a sticky
    digit when c is long (str() of an int has a 4300-digit limit, and rounding to prec
    digits needs no more)."""
    bits = c.bit_length()
    if bits < 4000:
        return str(c), exp
    k = (bits - 1) * 30103 // 100000 - (prec + 10)
    q, r = divmod(c, 10 ** k)
    if r:
        q = q * 10 + 1
        k -= 1
    return str(q), exp + k


def _isqrt(n):
    if n == 0:
        return 0
    x = 1 << ((n.bit_length() + 1) // 2)
    while True:
        y = (x + n // x) // 2
        if y >= x:
            return x
        x = y


def _ln_of_fixed(m, one):
    """ln(m / one) * one for m / one in about [1, 10]: square roots bring the argument
    near 1, then the atanh series."""
    s = 0
    near = one // 100
    while abs(m - one) > near:
        m = _isqrt(m * one)
        s += 1
    t = (m - one) * one // (m + one)
    t2 = t * t // one
    total = t
    term = t
    n = 1
    while term:
        term = term * t2 // one
        n += 2
        total += term // n
    return (2 * total) << s


def _ln10_fixed(w):
    g = w + 6
    return _ln_of_fixed(10 * 10 ** g, 10 ** g) // 10 ** 6


def _ln_fixed(c, e, w):
    """ln(c * 10**e) * 10**w, to about w digits."""
    g = w + 6
    one = 10 ** g
    digits = len(str(c))
    k = e + digits - 1
    m = c * one // 10 ** (digits - 1)
    v = _ln_of_fixed(m, one) + k * _ln10_fixed(g)
    return v // 10 ** 6


def _fixed_result(v, w, context):
    """The Decimal v / 10**w, rounded half-even to the context (v is inexact: a
    sticky digit keeps ties from appearing)."""
    sign = 1 if v < 0 else 0
    local = context.copy()
    local.rounding = ROUND_HALF_EVEN
    return _dec(sign, str(abs(v) * 10 + 1), -w - 1)._fix(local)


def _exp_result(z, w, context, rounding):
    """exp(z / 10**w) as a Decimal of the context, rounded by rounding."""
    g = w + 6
    one = 10 ** g
    z = z * 10 ** 6
    ln10 = _ln10_fixed(g)
    k = z // ln10
    if k > context.Emax + 1:
        raise _signal(Overflow)
    if k < context.Etiny() - 2:
        return _dec(0, '0', context.Etiny())._fix(context)
    r = z - k * ln10
    s = 12
    r >>= s
    total = one
    term = one
    n = 1
    while term:
        term = term * r // (one * n)
        total += term
        n += 1
    for _ in range(s):
        total = total * total // one
    local = context.copy()
    local.rounding = rounding
    return _dec(0, str(total * 10 + 1), k - g - 1)._fix(local)


def _all_zeros(s, pos):
    return s[pos:].strip('0') == ''


def _exact_half(s, pos):
    return s[pos:pos + 1] == '5' and _all_zeros(s, pos + 1)


class Decimal:
    """Floating point class for decimal arithmetic."""

    @_cargs('kw:')
    def __new__(cls, value="0", context=None):
        self = object.__new__(cls)
        self._is_special = False
        if isinstance(value, str):
            parsed = _parse(value)
            if parsed is None:
                raise _signal(InvalidOperation, ConversionSyntax)
            self._sign, self._int, self._exp = parsed
            if self._exp in ('F', 'n', 'N'):
                self._is_special = True
            return self
        if isinstance(value, bool):
            value = int(value)
        if isinstance(value, int):
            self._sign = 1 if value < 0 else 0
            self._int = str(abs(value))
            self._exp = 0
            return self
        if isinstance(value, Decimal):
            self._sign = value._sign
            self._int = value._int
            self._exp = value._exp
            self._is_special = value._is_special
            return self
        if isinstance(value, float):
            d = Decimal.from_float(value)
            self._sign, self._int, self._exp, self._is_special = d._sign, d._int, d._exp, d._is_special
            return self
        if isinstance(value, (list, tuple)):
            if len(value) != 3:
                raise ValueError('Invalid tuple size in creation of Decimal from list or tuple.  '
                                 'The list or tuple should have exactly three elements.')
            sign, digits, exp = value
            if sign not in (0, 1):
                raise ValueError("sign must be an integer with the value 0 or 1")
            if exp == 'F':
                self._sign, self._int, self._exp, self._is_special = sign, '0', 'F', True
                return self
            for d in digits:
                if not (isinstance(d, int) and 0 <= d <= 9):
                    raise ValueError("coefficient must be a tuple of digits")
            self._sign = sign
            self._int = ''.join(str(d) for d in digits).lstrip('0') or '0'
            if exp in ('n', 'N'):
                self._is_special = True
                self._int = self._int if self._int != '0' else ''
            self._exp = exp
            return self
        raise TypeError("conversion from %s to Decimal is not supported" % type(value).__name__)

    @classmethod
    def from_float(cls, f):
        """Converts a float to a decimal number, exactly."""
        if isinstance(f, int):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError("argument must be int or float.")
        if f != f:
            return cls('NaN')
        if f in (float('inf'), float('-inf')):
            return cls('-Infinity' if f < 0 else 'Infinity')
        sign = 1 if (f < 0 or (f == 0 and str(f).startswith('-'))) else 0
        n, d = abs(f).as_integer_ratio()
        k = d.bit_length() - 1
        coeff = n * 5 ** k
        r = _dec(sign, str(coeff), -k)
        return r if cls is Decimal else cls(r)

    # --- predicates and parts

    def _isnan(self):
        if self._is_special:
            if self._exp == 'n':
                return 1
            if self._exp == 'N':
                return 2
        return 0

    def _isinfinity(self):
        if self._exp == 'F':
            return -1 if self._sign else 1
        return 0

    def is_nan(self):
        return self._is_special and self._exp in ('n', 'N')

    def is_qnan(self):
        return self._exp == 'n'

    def is_snan(self):
        return self._exp == 'N'

    def is_infinite(self):
        return self._exp == 'F'

    def is_finite(self):
        return not self._is_special

    def is_zero(self):
        return not self._is_special and self._int == '0'

    def is_signed(self):
        return self._sign == 1

    def is_normal(self, context=None):
        if context is None:
            context = getcontext()
        if self._is_special or self.is_zero():
            return False
        return context.Emin <= self.adjusted()

    def adjusted(self):
        if self._is_special:
            return 0
        return self._exp + len(self._int) - 1

    def as_tuple(self):
        if self._is_special:
            digits = tuple(int(c) for c in self._int) if self._exp != 'F' else (0,)
        else:
            digits = tuple(int(c) for c in self._int)
        return DecimalTuple(self._sign, digits, self._exp)

    def as_integer_ratio(self):
        if self._is_special:
            if self.is_nan():
                raise ValueError("cannot convert NaN to integer ratio")
            raise OverflowError("cannot convert Infinity to integer ratio")
        if not self:
            return 0, 1
        n = int(self._int)
        if self._exp >= 0:
            n, d = n * 10 ** self._exp, 1
        else:
            d5 = -self._exp
            while d5 > 0 and n % 5 == 0:
                n //= 5
                d5 -= 1
            d2 = -self._exp
            shift2 = min((n & -n).bit_length() - 1, d2)
            if shift2:
                n >>= shift2
                d2 -= shift2
            d = 5 ** d5 << d2
        if self._sign:
            n = -n
        return n, d

    def _value(self):
        """The exact signed integer coefficient."""
        v = int(self._int)
        return -v if self._sign else v

    # --- conversion to strings

    def __str__(self, eng=False, context=None):
        sign = ['', '-'][self._sign]
        if self._is_special:
            if self._exp == 'F':
                return sign + 'Infinity'
            elif self._exp == 'n':
                return sign + 'NaN' + self._int
            else:
                return sign + 'sNaN' + self._int
        leftdigits = self._exp + len(self._int)
        if self._exp <= 0 and leftdigits > -6:
            dotplace = leftdigits
        elif not eng:
            dotplace = 1
        elif self._int == '0':
            dotplace = (leftdigits + 1) % 3 - 1
        else:
            dotplace = (leftdigits - 1) % 3 + 1
        if dotplace <= 0:
            intpart = '0'
            fracpart = '.' + '0' * (-dotplace) + self._int
        elif dotplace >= len(self._int):
            intpart = self._int + '0' * (dotplace - len(self._int))
            fracpart = ''
        else:
            intpart = self._int[:dotplace]
            fracpart = '.' + self._int[dotplace:]
        if leftdigits == dotplace:
            exp = ''
        else:
            if context is None:
                context = getcontext()
            exp = ['e', 'E'][context.capitals] + "%+d" % (leftdigits - dotplace)
        return sign + intpart + fracpart + exp

    def to_eng_string(self, context=None):
        return self.__str__(eng=True, context=context)

    def __repr__(self):
        return "Decimal('%s')" % str(self)

    # --- rounding machinery

    def _round_down(self, prec):
        return 0 if _all_zeros(self._int, prec) else -1

    def _round_up(self, prec):
        return -self._round_down(prec)

    def _round_half_up(self, prec):
        if self._int[prec:prec + 1] in ('5', '6', '7', '8', '9'):
            return 1
        return 0 if _all_zeros(self._int, prec) else -1

    def _round_half_down(self, prec):
        if _exact_half(self._int, prec):
            return -1
        return self._round_half_up(prec)

    def _round_half_even(self, prec):
        if _exact_half(self._int, prec) and (prec == 0 or self._int[prec - 1] in '02468'):
            return -1
        return self._round_half_up(prec)

    def _round_ceiling(self, prec):
        if self._sign:
            return self._round_down(prec)
        return -self._round_down(prec)

    def _round_floor(self, prec):
        if not self._sign:
            return self._round_down(prec)
        return -self._round_down(prec)

    def _round_05up(self, prec):
        if prec and self._int[prec - 1] not in '05':
            return self._round_down(prec)
        return -self._round_down(prec)

    def _rounder(self, rounding):
        return {
            ROUND_DOWN: self._round_down, ROUND_UP: self._round_up,
            ROUND_HALF_UP: self._round_half_up, ROUND_HALF_DOWN: self._round_half_down,
            ROUND_HALF_EVEN: self._round_half_even, ROUND_CEILING: self._round_ceiling,
            ROUND_FLOOR: self._round_floor, ROUND_05UP: self._round_05up,
        }[rounding]

    def _fix(self, context):
        """Round to the context's precision and check the exponent range."""
        if self._is_special:
            return self
        Etiny = context.Etiny()
        Etop = context.Etop()
        if self._int == '0':
            exp_max = [context.Emax, Etop][context.clamp]
            new_exp = min(max(self._exp, Etiny), exp_max)
            return _dec(self._sign, '0', new_exp)
        exp_min = len(self._int) + self._exp - context.prec
        if exp_min > Etop:
            raise _signal(Overflow)
        if exp_min < Etiny:
            exp_min = Etiny
        if self._exp < exp_min:
            digits = len(self._int) + self._exp - exp_min
            me = self
            if digits < 0:
                me = _dec(self._sign, '1', exp_min - 1)
                digits = 0
            changed = me._rounder(context.rounding)(digits)
            coeff = me._int[:digits] or '0'
            if changed > 0:
                coeff = str(int(coeff) + 1)
                if len(coeff) > context.prec:
                    coeff = coeff[:-1]
                    exp_min += 1
            if exp_min > Etop:
                raise _signal(Overflow)
            return _dec(self._sign, coeff, exp_min)
        if context.clamp == 1 and self._exp > Etop:
            return _dec(self._sign, self._int + '0' * (self._exp - Etop), Etop)
        return self

    def _rescale(self, exp, rounding):
        if self._is_special:
            return self
        if self._int == '0':
            return _dec(self._sign, '0', exp)
        if self._exp >= exp:
            return _dec(self._sign, self._int + '0' * (self._exp - exp), exp)
        digits = len(self._int) + self._exp - exp
        me = self
        if digits < 0:
            me = _dec(self._sign, '1', exp - 1)
            digits = 0
        changed = me._rounder(rounding)(digits)
        coeff = me._int[:digits] or '0'
        if changed == 1:
            coeff = str(int(coeff) + 1)
        return _dec(self._sign, coeff, exp)

    def _check_nans(self, other=None):
        for v in (self, other):
            if v is not None and v._exp == 'N':
                raise _signal(InvalidOperation)
        for v in (self, other):
            if v is not None and v._exp == 'n':
                return v
        return None

    # --- arithmetic

    def __add__(self, other, context=None):
        other = _convert(other)
        if other is NotImplemented:
            return other
        if context is None:
            context = getcontext()
        if self._is_special or other._is_special:
            nan = self._check_nans(other)
            if nan is not None:
                return nan
            if self._isinfinity():
                if self._sign != other._sign and other._isinfinity():
                    raise _signal(InvalidOperation)
                return self
            return other
        if self._int == '0' and other._int != '0':
            exp = max(min(self._exp, other._exp), other._exp - context.prec - 1)
            return other._rescale(exp, context.rounding)._fix(context)
        if other._int == '0' and self._int != '0':
            exp = max(min(self._exp, other._exp), self._exp - context.prec - 1)
            return self._rescale(exp, context.rounding)._fix(context)
        a = (self._value(), self._exp)
        b = (other._value(), other._exp)
        if a[1] < b[1]:
            a, b = b, a
        # a has the larger exponent. An operand entirely below the precision window
        # of the other only matters as a sticky digit: replace it by one, so a huge
        # exponent gap costs nothing (the rounded result is the same).
        if a[0] and b[0]:
            window = a[1] + min(-1, len(str(abs(a[0]))) - context.prec - 2)
            if len(str(abs(b[0]))) + b[1] - 1 < window:
                b = (1 if b[0] > 0 else -1, window)
        exp = min(a[1], b[1])
        total = a[0] * 10 ** (a[1] - exp) + b[0] * 10 ** (b[1] - exp)
        if total == 0:
            if self._sign == other._sign:
                sign = self._sign
            else:
                sign = 1 if context.rounding == ROUND_FLOOR else 0
            if self._int == '0' and other._int == '0':
                sign = min(self._sign, other._sign)
                if context.rounding == ROUND_FLOOR and self._sign != other._sign:
                    sign = 1
            return _dec(sign, '0', exp)._fix(context)
        return _dec(1 if total < 0 else 0, str(abs(total)), exp)._fix(context)

    __radd__ = __add__

    def __sub__(self, other, context=None):
        other = _convert(other)
        if other is NotImplemented:
            return other
        return self.__add__(other.copy_negate(), context)

    def __rsub__(self, other, context=None):
        other = _convert(other)
        if other is NotImplemented:
            return other
        return other.__sub__(self, context)

    def __mul__(self, other, context=None):
        other = _convert(other)
        if other is NotImplemented:
            return other
        if context is None:
            context = getcontext()
        resultsign = self._sign ^ other._sign
        if self._is_special or other._is_special:
            nan = self._check_nans(other)
            if nan is not None:
                return nan
            if (self._isinfinity() and not other) or (other._isinfinity() and not self):
                raise _signal(InvalidOperation)
            return _dec(resultsign, '0', 'F', True)
        resultexp = self._exp + other._exp
        if self._int == '0' or other._int == '0':
            return _dec(resultsign, '0', resultexp)._fix(context)
        return _dec(resultsign, str(int(self._int) * int(other._int)), resultexp)._fix(context)

    __rmul__ = __mul__

    def __truediv__(self, other, context=None):
        other = _convert(other)
        if other is NotImplemented:
            return other
        if context is None:
            context = getcontext()
        sign = self._sign ^ other._sign
        if self._is_special or other._is_special:
            nan = self._check_nans(other)
            if nan is not None:
                return nan
            if self._isinfinity() and other._isinfinity():
                raise _signal(InvalidOperation)
            if self._isinfinity():
                return _dec(sign, '0', 'F', True)
            return _dec(sign, '0', context.Etiny())
        if other._int == '0':
            if self._int == '0':
                raise _signal(InvalidOperation, DivisionUndefined)
            raise _signal(DivisionByZero)
        if self._int == '0':
            exp = self._exp - other._exp
            coeff = 0
        else:
            shift = len(other._int) - len(self._int) + context.prec + 1
            exp = self._exp - other._exp - shift
            if shift >= 0:
                coeff, remainder = divmod(int(self._int) * 10 ** shift, int(other._int))
            else:
                coeff, remainder = divmod(int(self._int), int(other._int) * 10 ** -shift)
            if remainder:
                if coeff % 5 == 0:
                    coeff += 1
            else:
                ideal_exp = self._exp - other._exp
                while exp < ideal_exp and coeff % 10 == 0:
                    coeff //= 10
                    exp += 1
        return _dec(sign, str(coeff), exp)._fix(context)

    def __rtruediv__(self, other, context=None):
        other = _convert(other)
        if other is NotImplemented:
            return other
        return other.__truediv__(self, context)

    def _divide(self, other, context):
        sign = self._sign ^ other._sign
        if other._isinfinity():
            ideal_exp = self._exp
        else:
            ideal_exp = min(self._exp, other._exp)
        expdiff = self.adjusted() - other.adjusted()
        if self._int == '0' or other._isinfinity() or expdiff <= -2:
            return (_dec(sign, '0', 0), self._rescale(ideal_exp, context.rounding))
        if expdiff <= context.prec:
            a = int(self._int)
            b = int(other._int)
            if self._exp >= other._exp:
                a *= 10 ** (self._exp - other._exp)
            else:
                b *= 10 ** (other._exp - self._exp)
            q, r = divmod(a, b)
            if q < 10 ** context.prec:
                return (_dec(sign, str(q), 0), _dec(self._sign, str(r), ideal_exp))
        raise _signal(InvalidOperation, DivisionImpossible)

    def _divide_checked(self, other, context):
        if self._is_special or other._is_special:
            nan = self._check_nans(other)
            if nan is not None:
                return nan, nan
            raise _signal(InvalidOperation)
        if other._int == '0':
            if self._int == '0':
                raise _signal(InvalidOperation, DivisionUndefined)
            raise _signal(DivisionByZero)
        return self._divide(other, context)

    def __floordiv__(self, other, context=None):
        other = _convert(other)
        if other is NotImplemented:
            return other
        if context is None:
            context = getcontext()
        return self._divide_checked(other, context)[0]

    def __rfloordiv__(self, other, context=None):
        other = _convert(other)
        if other is NotImplemented:
            return other
        return other.__floordiv__(self, context)

    def __mod__(self, other, context=None):
        other = _convert(other)
        if other is NotImplemented:
            return other
        if context is None:
            context = getcontext()
        if other._int == '0' and not other._is_special and not self._is_special:
            raise _signal(InvalidOperation, DivisionUndefined if self._int == '0' else InvalidOperation)
        return self._divide_checked(other, context)[1]._fix(context)

    def __rmod__(self, other, context=None):
        if isinstance(other, str):
            # "%s" % d: the interpreter asks the right operand before str formatting.
            return other % (self,)
        other = _convert(other)
        if other is NotImplemented:
            return other
        return other.__mod__(self, context)

    def __divmod__(self, other, context=None):
        other = _convert(other)
        if other is NotImplemented:
            return other
        if context is None:
            context = getcontext()
        q, r = self._divide_checked(other, context)
        return q, r._fix(context)

    def __rdivmod__(self, other, context=None):
        other = _convert(other)
        if other is NotImplemented:
            return other
        return other.__divmod__(self, context)

    def __pow__(self, other, modulo=None, context=None):
        if modulo is not None:
            return NotImplemented
        other = _convert(other)
        if other is NotImplemented:
            return other
        if context is None:
            context = getcontext()
        if self._is_special or other._is_special:
            nan = self._check_nans(other)
            if nan is not None:
                return nan
            raise _signal(InvalidOperation)
        if other._exp >= 0 or _all_zeros(other._int, len(other._int) + other._exp):
            n = int(other)
            if n == 0:
                if self._int == '0':
                    raise _signal(InvalidOperation)
                return _dec(0, '1', 0)
            if self._int == '0':
                sign = self._sign if n % 2 else 0
                if n < 0:
                    raise _signal(DivisionByZero)
                return _dec(sign, '0', 0)._fix(context)
            sign = self._sign if n % 2 else 0
            if n > 0 and (self.adjusted() + 1) * n > context.Emax + 1 and self.adjusted() >= 0 \
                    and int(self._int) != 1:
                raise _signal(Overflow)
            if n > 0:
                digits, exp = _trimmed(int(self._int) ** n, self._exp * n, context.prec)
                return _dec(sign, digits, exp)._fix(context)
            digits, exp = _trimmed(int(self._int) ** -n, self._exp * -n, context.prec)
            big = _dec(0, digits, exp)
            local = context.copy()
            local.prec = context.prec
            r = _dec(0, '1', 0).__truediv__(big, local)
            return _dec(sign, r._int, r._exp)
        if self._sign:
            raise _signal(InvalidOperation)
        # A non-integral power: exp(y * ln(x)) in fixed point with guard digits
        # (CPython's C decimal also computes it from exp and ln, "almost always
        # correctly rounded").
        if self._int == '0':
            if other._sign:
                return _dec(0, '0', 'F', True)
            return _dec(0, '0', 0)
        ydigits = max(0, other.adjusted()) + 1
        w = context.prec + 20 + ydigits
        lnx = _ln_fixed(int(self._int), self._exp, w + ydigits)
        z = int(other._int) * lnx
        if other._exp >= 0:
            z *= 10 ** other._exp
        else:
            z //= 10 ** -other._exp
        if other._sign:
            z = -z
        z //= 10 ** ydigits
        return _exp_result(z, w, context, context.rounding)

    def ln(self, context=None):
        """Returns the natural (base e) logarithm of self."""
        if context is None:
            context = getcontext()
        if self._is_special:
            nan = self._check_nans()
            if nan is not None:
                return nan
            if self._sign:
                raise _signal(InvalidOperation)
            return self
        if self._int == '0':
            return _dec(1, '0', 'F', True)
        if self._sign:
            raise _signal(InvalidOperation)
        if self._int == '1' and self._exp == 0:
            return _dec(0, '0', 0)
        w = context.prec + 20 + len(str(abs(self.adjusted())))
        return _fixed_result(_ln_fixed(int(self._int), self._exp, w), w, context)

    def log10(self, context=None):
        """Returns the base 10 logarithm of self."""
        if context is None:
            context = getcontext()
        if self._is_special:
            nan = self._check_nans()
            if nan is not None:
                return nan
            if self._sign:
                raise _signal(InvalidOperation)
            return self
        if self._int == '0':
            return _dec(1, '0', 'F', True)
        if self._sign:
            raise _signal(InvalidOperation)
        if self._int[0] == '1' and self._int[1:] == '0' * (len(self._int) - 1):
            return Decimal(self.adjusted())._fix(context)
        w = context.prec + 20 + len(str(abs(self.adjusted())))
        one = 10 ** w
        v = _ln_fixed(int(self._int), self._exp, w) * one // _ln10_fixed(w)
        return _fixed_result(v, w, context)

    def exp(self, context=None):
        """Returns e ** self."""
        if context is None:
            context = getcontext()
        if self._is_special:
            nan = self._check_nans()
            if nan is not None:
                return nan
            if self._sign:
                return _dec(0, '0', 0)
            return self
        if self._int == '0':
            return _dec(0, '1', 0)
        mag = max(0, self.adjusted()) + 1
        w = context.prec + 20 + mag
        z = int(self._int)
        if self._exp >= 0:
            z = z * 10 ** (self._exp + w)
        elif -self._exp <= w:
            z = z * 10 ** (w + self._exp)
        else:
            z = z // 10 ** (-self._exp - w)
        if self._sign:
            z = -z
        return _exp_result(z, w, context, ROUND_HALF_EVEN)

    def __rpow__(self, other, modulo=None, context=None):
        other = _convert(other)
        if other is NotImplemented:
            return other
        return other.__pow__(self, modulo, context)

    def __neg__(self, context=None):
        if context is None:
            context = getcontext()
        if self._is_special:
            return _dec(1 - self._sign, self._int, self._exp, True)
        if self._int == '0' and context.rounding != ROUND_FLOOR:
            return _dec(0, '0', self._exp)._fix(context)
        return _dec(1 - self._sign, self._int, self._exp)._fix(context)

    def __pos__(self, context=None):
        if context is None:
            context = getcontext()
        if self._is_special:
            return self
        if self._int == '0' and context.rounding != ROUND_FLOOR:
            return _dec(0, '0', self._exp)._fix(context)
        return self._fix(context)

    def __abs__(self, round=True, context=None):
        if not round:
            return self.copy_abs()
        if self._sign:
            return self.__neg__(context)
        return self.__pos__(context)

    def copy_abs(self):
        return _dec(0, self._int, self._exp, self._is_special)

    def copy_negate(self):
        return _dec(1 - self._sign, self._int, self._exp, self._is_special)

    def copy_sign(self, other):
        other = _convert(other, True)
        return _dec(other._sign, self._int, self._exp, self._is_special)

    @_cargs('kw:')
    def sqrt(self, context=None):
        """Return the square root of self."""
        if context is None:
            context = getcontext()
        if self._is_special:
            nan = self._check_nans()
            if nan is not None:
                return nan
            if self._isinfinity() and self._sign == 0:
                return self
        if self._int == '0':
            return _dec(self._sign, '0', self._exp >> 1)._fix(context)
        if self._sign == 1 or self._is_special:
            raise _signal(InvalidOperation)
        prec = context.prec + 1
        e = self._exp >> 1
        if self._exp & 1:
            c = int(self._int) * 10
            l = (len(self._int) >> 1) + 1
        else:
            c = int(self._int)
            l = len(self._int) + 1 >> 1
        shift = prec - l
        if shift >= 0:
            c *= 100 ** shift
            exact = True
        else:
            c, remainder = divmod(c, 100 ** -shift)
            exact = not remainder
        e -= shift
        n = 10 ** prec
        while True:
            q = c // n
            if n <= q:
                break
            n = n + q >> 1
        exact = exact and n * n == c
        if exact:
            if shift >= 0:
                n //= 10 ** shift
            else:
                n *= 10 ** -shift
            e += shift
        elif n % 5 == 0:
            n += 1
        local = context.copy()
        local.rounding = ROUND_HALF_EVEN
        return _dec(0, str(n), e)._fix(local)

    def normalize(self, context=None):
        """Normalize- strip trailing 0s, change anything equal to 0 to 0e0"""
        if context is None:
            context = getcontext()
        if self._is_special:
            return self
        dup = self._fix(context)
        if dup._int == '0':
            return _dec(dup._sign, '0', 0)
        exp_max = [context.Emax, context.Etop()][context.clamp]
        end = len(dup._int)
        exp = dup._exp
        while dup._int[end - 1] == '0' and exp < exp_max:
            exp += 1
            end -= 1
        return _dec(dup._sign, dup._int[:end], exp)

    @_cargs('kw:')
    def quantize(self, exp, rounding=None, context=None):
        """Quantize self so its exponent is the same as that of exp."""
        exp = _convert(exp, True)
        if context is None:
            context = getcontext()
        if rounding is None:
            rounding = context.rounding
        if self._is_special or exp._is_special:
            nan = self._check_nans(exp)
            if nan is not None:
                return nan
            if self._isinfinity() and exp._isinfinity():
                return self
            raise _signal(InvalidOperation)
        if not (context.Etiny() <= exp._exp <= context.Emax):
            raise _signal(InvalidOperation)
        if self._int == '0':
            return _dec(self._sign, '0', exp._exp)._fix(context)
        if self.adjusted() > context.Emax:
            raise _signal(InvalidOperation)
        if self.adjusted() - exp._exp + 1 > context.prec:
            raise _signal(InvalidOperation)
        ans = self._rescale(exp._exp, rounding)
        if ans.adjusted() > context.Emax or len(ans._int) > context.prec:
            raise _signal(InvalidOperation)
        return ans._fix(context)

    def same_quantum(self, other, context=None):
        other = _convert(other, True)
        if self._is_special or other._is_special:
            return (self.is_nan() and other.is_nan()) or (self.is_infinite() and other.is_infinite())
        return self._exp == other._exp

    @_cargs('kw:')
    def to_integral_value(self, rounding=None, context=None):
        """Rounds to the nearest integer, without raising inexact, rounded."""
        if context is None:
            context = getcontext()
        if rounding is None:
            rounding = context.rounding
        if self._is_special:
            return self
        if self._exp >= 0:
            return self
        return self._rescale(0, rounding)

    to_integral = to_integral_value

    def to_integral_exact(self, rounding=None, context=None):
        return self.to_integral_value(rounding, context)

    def __round__(self, n=None):
        if n is not None:
            if not isinstance(n, int):
                raise TypeError('Second argument to round should be integral')
            return self.quantize(_dec(0, '1', -n))
        if self._is_special:
            if self.is_nan():
                raise ValueError("cannot round a NaN")
            raise OverflowError("cannot round an infinity")
        return int(self._rescale(0, ROUND_HALF_EVEN))

    def __floor__(self):
        if self._is_special:
            if self.is_nan():
                raise ValueError("cannot round a NaN")
            raise OverflowError("cannot round an infinity")
        return int(self._rescale(0, ROUND_FLOOR))

    def __ceil__(self):
        if self._is_special:
            if self.is_nan():
                raise ValueError("cannot round a NaN")
            raise OverflowError("cannot round an infinity")
        return int(self._rescale(0, ROUND_CEILING))

    def __int__(self):
        if self._is_special:
            if self.is_nan():
                raise ValueError("cannot convert NaN to integer")
            raise OverflowError("cannot convert Infinity to integer")
        s = (-1) ** self._sign
        if self._exp >= 0:
            return s * int(self._int) * 10 ** self._exp
        return s * int(self._int[:self._exp] or '0')

    __trunc__ = __int__

    def __float__(self):
        if self._is_special:
            if self.is_nan():
                return float('-nan' if self._sign else 'nan')
            return float('-inf' if self._sign else 'inf')
        return float(str(self))

    def __bool__(self):
        return self._is_special or self._int != '0'

    # --- comparison and hashing

    def _cmp(self, other):
        """-1, 0 or 1 comparing two non-NaN decimals."""
        if self._is_special or other._is_special:
            a = self._isinfinity()
            b = other._isinfinity()
            if a == b:
                return 0
            if a < b:
                return -1
            return 1
        exp = min(self._exp, other._exp)
        a = self._value() * 10 ** (self._exp - exp)
        b = other._value() * 10 ** (other._exp - exp)
        return (a > b) - (a < b)

    def _compare_prep(self, other):
        if isinstance(other, float):
            other = Decimal.from_float(other)
        other = _convert(other)
        return other

    def __eq__(self, other):
        other = self._compare_prep(other)
        if other is NotImplemented:
            return other
        if self.is_nan() or other.is_nan():
            return False
        return self._cmp(other) == 0

    def _order(self, other):
        other = self._compare_prep(other)
        if other is NotImplemented:
            return other
        if self.is_nan() or other.is_nan():
            raise _signal(InvalidOperation)
        return self._cmp(other)

    def __lt__(self, other):
        c = self._order(other)
        return c if c is NotImplemented else c < 0

    def __le__(self, other):
        c = self._order(other)
        return c if c is NotImplemented else c <= 0

    def __gt__(self, other):
        c = self._order(other)
        return c if c is NotImplemented else c > 0

    def __ge__(self, other):
        c = self._order(other)
        return c if c is NotImplemented else c >= 0

    def compare(self, other, context=None):
        other = _convert(other, True)
        if self.is_nan() or other.is_nan():
            return self if self.is_nan() else other
        return Decimal(self._cmp(other))

    def max(self, other, context=None):
        other = _convert(other, True)
        return other if self._cmp(other) < 0 else self

    def min(self, other, context=None):
        other = _convert(other, True)
        return other if self._cmp(other) > 0 else self

    def __hash__(self):
        if self._is_special:
            if self._exp == 'N':
                raise TypeError('Cannot hash a signaling NaN value.')
            if self._exp == 'n':
                return object.__hash__(self)
            return -314159 if self._sign else 314159
        n, d = self.as_integer_ratio()
        if d == 1:
            return hash(n)
        modulus = 2305843009213693951
        h = hash(abs(n)) * pow(d, -1, modulus) % modulus
        h = -h if n < 0 else h
        return -2 if h == -1 else h

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (self.__class__, (str(self),))

    # --- formatting

    def __format__(self, specifier, context=None):
        if context is None:
            context = getcontext()
        spec = _parse_format(specifier)
        if self._is_special:
            return _pad(spec, self._sign, str(self.copy_abs()))
        t = spec['type']
        if t is None:
            t = ['g', 'G'][context.capitals]
        if t == 'n':
            t = 'g'
        rounding = context.rounding
        precision = spec['precision']
        if t in 'gG' and precision == 0:
            precision = 1
        me = self
        if t == '%':
            me = _dec(me._sign, me._int, me._exp + 2)
        if precision is not None:
            if t in 'eE':
                me = me._round(precision + 1, rounding)
            elif t in 'fF%':
                me = me._rescale(-precision, rounding)
            elif t in 'gG' and len(me._int) > precision:
                me = me._round(precision, rounding)
        if me._int == '0' and me._exp > 0 and t in 'fF%':
            me = me._rescale(0, rounding)
        leftdigits = me._exp + len(me._int)
        if t in 'eE':
            if me._int == '0' and precision is not None:
                dotplace = 1 - precision
            else:
                dotplace = 1
        elif t in 'fF%':
            dotplace = leftdigits
        else:
            if me._exp <= 0 and leftdigits > -6:
                dotplace = leftdigits
            else:
                dotplace = 1
        if dotplace < 0:
            intpart = '0'
            fracpart = '0' * (-dotplace) + me._int
        elif dotplace > len(me._int):
            intpart = me._int + '0' * (dotplace - len(me._int))
            fracpart = ''
        else:
            intpart = me._int[:dotplace] or '0'
            fracpart = me._int[dotplace:]
        exp = leftdigits - dotplace
        if fracpart or spec['alt']:
            fracpart = '.' + fracpart
        if exp != 0 or t in 'eE':
            echar = {'E': 'E', 'e': 'e', 'G': 'E', 'g': 'e'}[t]
            fracpart += '%s%+d' % (echar, exp)
        if t == '%':
            fracpart += '%'
        return _pad(spec, me._sign, _group(intpart, spec) + fracpart)

    def _round(self, places, rounding):
        """Round to places significant digits."""
        if self._is_special or self._int == '0':
            return self
        ans = self._rescale(self.adjusted() + 1 - places, rounding)
        if ans.adjusted() != self.adjusted():
            ans = ans._rescale(ans.adjusted() + 1 - places, rounding)
        return ans


def _parse_format(spec):
    out = {'fill': ' ', 'align': None, 'sign': '-', 'zero': False, 'alt': False,
           'width': 0, 'grouping': '', 'precision': None, 'type': None}
    i = 0
    n = len(spec)
    if n >= 2 and spec[1] in '<>=^':
        out['fill'], out['align'] = spec[0], spec[1]
        i = 2
    elif n >= 1 and spec[0] in '<>=^':
        out['align'] = spec[0]
        i = 1
    if i < n and spec[i] in '+- ':
        out['sign'] = spec[i]
        i += 1
    if i < n and spec[i] == 'z':
        i += 1
    if i < n and spec[i] == '#':
        out['alt'] = True
        i += 1
    if i < n and spec[i] == '0':
        out['zero'] = True
        if out['align'] is None:
            out['fill'], out['align'] = '0', '='
        i += 1
    j = i
    while j < n and spec[j].isdigit():
        j += 1
    if j > i:
        out['width'] = int(spec[i:j])
    i = j
    if i < n and spec[i] in ',_':
        out['grouping'] = spec[i]
        i += 1
    if i < n and spec[i] == '.':
        j = i + 1
        while j < n and spec[j].isdigit():
            j += 1
        if j == i + 1:
            raise ValueError('invalid format string')
        out['precision'] = int(spec[i + 1:j])
        i = j
    if i < n:
        out['type'] = spec[i]
        i += 1
    if i != n or (out['type'] is not None and out['type'] not in 'eEfFgGn%'):
        raise ValueError('invalid format string')
    return out


def _group(intpart, spec):
    sep = spec['grouping']
    if not sep:
        return intpart
    groups = []
    while len(intpart) > 3:
        groups.insert(0, intpart[-3:])
        intpart = intpart[:-3]
    groups.insert(0, intpart)
    return sep.join(groups)


def _pad(spec, negative, body):
    sign = '-' if negative else ('' if spec['sign'] == '-' else spec['sign'])
    width = spec['width']
    align = spec['align'] or '>'
    fill = spec['fill']
    total = len(sign) + len(body)
    if total >= width:
        return sign + body
    pad = width - total
    if align == '<':
        return sign + body + fill * pad
    if align == '>':
        return fill * pad + sign + body
    if align == '=':
        return sign + fill * pad + body
    left = pad // 2
    return fill * left + sign + body + fill * (pad - left)
