"""datetime: date, time, datetime, timedelta, tzinfo, timezone (CPython 3.11 behaviour).

_ymd2ord, _ord2ymd, _isocalendar and _strftime_native are Go natives (natives.go).

The sandbox's local time zone is UTC; now(), today() and utcnow() read the module
table's clock through time.time(), so a host can fix them for tests.
"""

import time as _time


def _cargs(spec):
    """Marks a method of a type CPython writes in C with the argument parser C uses,
    so a wrong call fails in C's words (see __toolplane_cargs__ in the interpreter)."""
    def mark(f):
        f.__toolplane_cargs__ = spec
        return f
    return mark

MINYEAR = 1
MAXYEAR = 9999

_DAYS_IN_MONTH = [-1, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
_DAYS_BEFORE_MONTH = [-1]
_dbm = 0
for _dim in _DAYS_IN_MONTH[1:]:
    _DAYS_BEFORE_MONTH.append(_dbm)
    _dbm += _dim
del _dbm, _dim

_MONTHNAMES = [None, 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
_FULLMONTHNAMES = [None, 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August',
                   'September', 'October', 'November', 'December']
_DAYNAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
_FULLDAYNAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']


def _cmp(x, y):
    return 0 if x == y else 1 if x > y else -1


def _is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _days_before_year(year):
    y = year - 1
    return y * 365 + y // 4 - y // 100 + y // 400


def _days_in_month(year, month):
    if month == 2 and _is_leap(year):
        return 29
    return _DAYS_IN_MONTH[month]


def _days_before_month(year, month):
    return _DAYS_BEFORE_MONTH[month] + (month > 2 and _is_leap(year))




def _check_int(name, value):
    if isinstance(value, float):
        raise TypeError("'float' object cannot be interpreted as an integer")
    if not isinstance(value, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(value).__name__)
    return value


def _check_date_fields(year, month, day):
    year = _check_int('year', year)
    month = _check_int('month', month)
    day = _check_int('day', day)
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError('year %d is out of range' % year)
    if not 1 <= month <= 12:
        raise ValueError('month must be in 1..12')
    dim = _days_in_month(year, month)
    if not 1 <= day <= dim:
        raise ValueError('day is out of range for month')
    return year, month, day


def _check_time_fields(hour, minute, second, microsecond, fold):
    hour = _check_int('hour', hour)
    minute = _check_int('minute', minute)
    second = _check_int('second', second)
    microsecond = _check_int('microsecond', microsecond)
    if not 0 <= hour <= 23:
        raise ValueError('hour must be in 0..23')
    if not 0 <= minute <= 59:
        raise ValueError('minute must be in 0..59')
    if not 0 <= second <= 59:
        raise ValueError('second must be in 0..59')
    if not 0 <= microsecond <= 999999:
        raise ValueError('microsecond must be in 0..999999')
    if fold not in (0, 1):
        raise ValueError('fold must be either 0 or 1')
    return hour, minute, second, microsecond, fold


def _check_tzinfo(tz):
    if tz is not None and not isinstance(tz, tzinfo):
        raise TypeError("tzinfo argument must be None or of a tzinfo subclass, not type '%s'" % type(tz).__name__)


def _format_offset(off, sep=':'):
    if off is None:
        return ''
    if off.days < 0:
        sign = '-'
        off = -off
    else:
        sign = '+'
    hh, mm = divmod(off, timedelta(hours=1))
    mm, ss = divmod(mm, timedelta(minutes=1))
    s = '%s%02d%s%02d' % (sign, hh, sep, mm)
    if ss or ss.microseconds:
        s += '%s%02d' % (sep, ss.seconds)
        if ss.microseconds:
            s += '.%06d' % ss.microseconds
    return s


def _format_time(hh, mm, ss, us, timespec='auto'):
    if timespec == 'auto':
        if us:
            return '%02d:%02d:%02d.%06d' % (hh, mm, ss, us)
        return '%02d:%02d:%02d' % (hh, mm, ss)
    specs = {
        'hours': '%02d',
        'minutes': '%02d:%02d',
        'seconds': '%02d:%02d:%02d',
        'milliseconds': '%02d:%02d:%02d.%03d',
        'microseconds': '%02d:%02d:%02d.%06d',
    }
    if timespec == 'auto':
        timespec = 'microseconds' if us else 'seconds'
    elif timespec == 'milliseconds':
        us //= 1000
    try:
        fmt = specs[timespec]
    except KeyError:
        raise ValueError('Unknown timespec value')
    return fmt % (hh, mm, ss, us)[:fmt.count('%')]


def _strftime(fmt, year, month, day, hour, minute, second, us, wday, yday, offset, tzname):
    if not isinstance(fmt, str):
        raise TypeError('strftime() argument 1 must be str, not %s' % type(fmt).__name__)
    z = _format_offset(offset, '') if offset is not None else ''
    return _strftime_native(fmt, year, month, day, hour, minute, second, us, wday, yday, z, tzname or '')

def _readonly(name, owner):
    """A read-only data attribute backed by self._<name>, with CPython's message on writes
    (a property setter, so the message holds whichever way the write is dispatched)."""
    attr = '_' + name

    def get(self):
        return getattr(self, attr)

    def set(self, value):
        raise AttributeError("attribute '%s' of 'datetime.%s' objects is not writable" % (name, owner))
    return property(get, set)


# An operand of a builtin type cannot take part in date arithmetic from its own side,
# so raise here with CPython's names for the datetime types ('datetime.date').
_BUILTIN_OPERANDS = (int, float, str, bytes, bytearray, list, tuple, dict, set, frozenset, type(None))


def _operand_name(x):
    t = type(x)
    if getattr(t, '__module__', None) == 'datetime':
        return 'datetime.' + t.__name__
    return t.__name__


def _is_ours(x):
    return isinstance(x, (date, timedelta, time, tzinfo))


def _unsupported(op, a, b, reflected=False):
    # Called from a's method (b's when reflected) when the other operand does not fit.
    other = a if reflected else b
    if isinstance(other, _BUILTIN_OPERANDS) or (reflected and _is_ours(other)) or (not reflected and type(a) is type(b)):
        if op == '+' and isinstance(a, (str, list, tuple)):
            kind = type(a).__name__
            raise TypeError('can only concatenate %s (not "%s") to %s' % (kind, _operand_name(b), kind))
        raise TypeError("unsupported operand type(s) for %s: '%s' and '%s'" % (op, _operand_name(a), _operand_name(b)))
    return NotImplemented


class timedelta:
    """A duration: days, seconds (0..86399) and microseconds (0..999999)."""

    @_cargs('kw:__new__')
    def __init__(self, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0):
        total = _td_total(days, seconds, microseconds, milliseconds, minutes, hours, weeks)
        if total is not None:
            self._set(total)
            return
        for v in (days, seconds, microseconds, milliseconds, minutes, hours, weeks):
            if not isinstance(v, (int, float)):
                raise TypeError('unsupported type for timedelta %s component: %s' % ('days', type(v).__name__))
        if all(isinstance(v, int) for v in (days, seconds, microseconds, milliseconds, minutes, hours, weeks)):
            total = ((((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000000 \
                + milliseconds * 1000 + microseconds
        else:
            whole = 0
            frac = 0.0
            for v, scale in ((weeks, 604800000000), (days, 86400000000), (hours, 3600000000),
                             (minutes, 60000000), (seconds, 1000000), (milliseconds, 1000),
                             (microseconds, 1)):
                if isinstance(v, int):
                    whole += v * scale
                else:
                    iv = int(v)
                    whole += iv * scale
                    frac += (v - iv) * scale
            total = whole + round(frac)
        self._set(total)

    def _set(self, total):
        d, rem = divmod(total, 86400000000)
        s, us = divmod(rem, 1000000)
        if abs(d) > 999999999:
            raise OverflowError('days=%d; must have magnitude <= 999999999' % d)
        st = self.__dict__
        st['_days'] = d
        st['_seconds'] = s
        st['_microseconds'] = us

    @classmethod
    def _from_us(cls, total):
        td = object.__new__(timedelta)
        td._set(total)
        return td

    def _to_us(self):
        return (self._days * 86400 + self._seconds) * 1000000 + self._microseconds

    days = _readonly('days', 'timedelta')
    seconds = _readonly('seconds', 'timedelta')
    microseconds = _readonly('microseconds', 'timedelta')

    @_cargs('noargs')
    def total_seconds(self):
        return self._to_us() / 10 ** 6

    def __repr__(self):
        args = []
        if self._days:
            args.append('days=%d' % self._days)
        if self._seconds:
            args.append('seconds=%d' % self._seconds)
        if self._microseconds:
            args.append('microseconds=%d' % self._microseconds)
        if not args:
            args.append('0')
        return 'datetime.timedelta(%s)' % ', '.join(args)

    def __str__(self):
        mm, ss = divmod(self._seconds, 60)
        hh, mm = divmod(mm, 60)
        s = '%d:%02d:%02d' % (hh, mm, ss)
        if self._days:
            s = '%d day%s, ' % (self._days, 's' if abs(self._days) != 1 else '') + s
        if self._microseconds:
            s = s + '.%06d' % self._microseconds
        return s

    def __add__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._to_us() + other._to_us())
        return _unsupported('+', self, other)

    def __radd__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._to_us() + other._to_us())
        return _unsupported('+', other, self, True)

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._to_us() - other._to_us())
        return _unsupported('-', self, other)

    def __rsub__(self, other):
        if isinstance(other, timedelta):
            return -self + other
        return _unsupported('-', other, self, True)

    def __neg__(self):
        return timedelta._from_us(-self._to_us())

    def __pos__(self):
        return self

    def __abs__(self):
        return -self if self._days < 0 else self

    def __mul__(self, other):
        if isinstance(other, bool) or isinstance(other, int):
            return timedelta._from_us(self._to_us() * other)
        if isinstance(other, float):
            return timedelta._from_us(round(self._to_us() * other))
        return NotImplemented

    __rmul__ = __mul__

    def __floordiv__(self, other):
        if isinstance(other, timedelta):
            if not other._to_us():
                raise ZeroDivisionError('integer division or modulo by zero')
            return self._to_us() // other._to_us()
        if isinstance(other, int):
            if not other:
                raise ZeroDivisionError('integer division or modulo by zero')
            return timedelta._from_us(self._to_us() // other)
        return NotImplemented

    def __truediv__(self, other):
        if isinstance(other, timedelta):
            if not other._to_us():
                raise ZeroDivisionError('division by zero')
            return self._to_us() / other._to_us()
        if isinstance(other, (int, float)):
            if not other:
                if isinstance(other, float):
                    raise ZeroDivisionError('float division by zero')
                raise ZeroDivisionError('integer division or modulo by zero')
            return timedelta._from_us(round(self._to_us() / other))
        return NotImplemented

    def __mod__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._to_us() % other._to_us())
        return NotImplemented

    def __divmod__(self, other):
        if isinstance(other, timedelta):
            q, r = divmod(self._to_us(), other._to_us())
            return q, timedelta._from_us(r)
        return NotImplemented

    def _cmp(self, other):
        return _cmp(self._to_us(), other._to_us())

    def __eq__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() == other._to_us()
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() < other._to_us()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() <= other._to_us()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() > other._to_us()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, timedelta):
            return self._to_us() >= other._to_us()
        return NotImplemented

    def __hash__(self):
        return hash((self._days, self._seconds, self._microseconds))

    def __bool__(self):
        return self._days != 0 or self._seconds != 0 or self._microseconds != 0

    def __setattr__(self, name, value):
        raise AttributeError("'datetime.timedelta' object attribute '%s' is read-only" % name)


timedelta.min = timedelta(-999999999)
timedelta.max = timedelta(days=999999999, hours=23, minutes=59, seconds=59, microseconds=999999)
timedelta.resolution = timedelta(microseconds=1)


class tzinfo:
    """Abstract base class for time zone information."""

    def tzname(self, dt):
        raise NotImplementedError('tzinfo subclass must override tzname()')

    def utcoffset(self, dt):
        raise NotImplementedError('tzinfo subclass must override utcoffset()')

    def dst(self, dt):
        raise NotImplementedError('tzinfo subclass must override dst()')

    def fromutc(self, dt):
        dtoff = dt.utcoffset()
        dtdst = dt.dst() or timedelta(0)
        delta = dtoff - dtdst
        if delta:
            dt = dt + delta
            dtdst = dt.dst() or timedelta(0)
        return dt + dtdst


class timezone(tzinfo):
    """A fixed offset from UTC: timezone.utc, timezone(timedelta(hours=2), 'CEST')."""

    def __new__(cls, offset=None, name=None):
        # timezone(timedelta(0)) is the timezone.utc singleton, as in CPython.
        utc = cls.__dict__.get('utc')
        if utc is not None and name is None and isinstance(offset, timedelta) and not offset:
            return utc
        return object.__new__(cls)

    __new__ = staticmethod(__new__)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __init__(self, offset, name=None):
        if not isinstance(offset, timedelta):
            raise TypeError('timezone() argument 1 must be datetime.timedelta, not %s' % type(offset).__name__)
        if name is not None and not isinstance(name, str):
            raise TypeError('timezone() argument 2 must be str, not %s' % type(name).__name__)
        if not -timedelta(hours=24) < offset < timedelta(hours=24):
            raise ValueError('offset must be a timedelta strictly between -timedelta(hours=24) and '
                             'timedelta(hours=24), not %r.' % (offset,))
        self._offset = offset
        self._name = name

    def __eq__(self, other):
        if isinstance(other, timezone):
            return self._offset == other._offset
        return NotImplemented

    def __hash__(self):
        return hash(self._offset)

    def __repr__(self):
        if self is timezone.utc:
            return 'datetime.timezone.utc'
        if self._name is None:
            return 'datetime.timezone(%r)' % (self._offset,)
        return 'datetime.timezone(%r, %r)' % (self._offset, self._name)

    def __str__(self):
        return self.tzname(None)

    @_cargs('O')
    def utcoffset(self, dt):
        if dt is not None and not isinstance(dt, datetime):
            raise TypeError('utcoffset(dt) argument must be a datetime instance or None, not %s' % type(dt).__name__)
        return self._offset

    @_cargs('O')
    def tzname(self, dt):
        if dt is not None and not isinstance(dt, datetime):
            raise TypeError('tzname(dt) argument must be a datetime instance or None, not %s' % type(dt).__name__)
        if self._name is None:
            return self._name_from_offset(self._offset)
        return self._name

    @_cargs('O')
    def dst(self, dt):
        if dt is not None and not isinstance(dt, datetime):
            raise TypeError('dst(dt) argument must be a datetime instance or None, not %s' % type(dt).__name__)
        return None

    def fromutc(self, dt):
        return dt + self._offset

    @staticmethod
    def _name_from_offset(delta):
        if not delta:
            return 'UTC'
        return 'UTC' + _format_offset(delta)


timezone.utc = timezone(timedelta(0))
timezone.min = timezone(-timedelta(hours=23, minutes=59))
timezone.max = timezone(timedelta(hours=23, minutes=59))
UTC = timezone.utc


def _parse_digits(s, i, n):
    part = s[i:i + n]
    if len(part) != n or not part.isdigit() or not part.isascii():
        raise ValueError
    return int(part)


def _parse_isodate(s):
    if len(s) >= 8 and s[4] == 'W' or len(s) >= 9 and s[4:6] == '-W':
        year = _parse_digits(s, 0, 4)
        rest = s[5:] if s[4] == 'W' else s[6:]
        week = _parse_digits(rest, 0, 2)
        rest = rest[2:]
        day = 1
        if rest:
            if rest[0] == '-':
                rest = rest[1:]
            day = _parse_digits(rest, 0, 1)
            if len(rest) != 1:
                raise ValueError
        if not 1 <= week <= 53 or not 1 <= day <= 7:
            raise ValueError
        jan4 = _ymd2ord(year, 1, 4)
        monday1 = jan4 - (jan4 + 6) % 7
        o = monday1 + (week - 1) * 7 + day - 1
        return _ord2ymd(o)
    if len(s) == 10 and s[4] == '-' and s[7] == '-':
        return _parse_digits(s, 0, 4), _parse_digits(s, 5, 2), _parse_digits(s, 8, 2)
    if len(s) == 8:
        return _parse_digits(s, 0, 4), _parse_digits(s, 4, 2), _parse_digits(s, 6, 2)
    raise ValueError


def _parse_isotime(s):
    tz = None
    for i, c in enumerate(s):
        if c in '+-Z':
            tzs = s[i:]
            s = s[:i]
            if tzs == 'Z':
                tz = timezone.utc
            else:
                sign = -1 if tzs[0] == '-' else 1
                h, m, sec, us = _parse_hms(tzs[1:])
                off = timedelta(hours=h, minutes=m, seconds=sec, microseconds=us)
                tz = timezone.utc if not off else timezone(sign * off)
            break
    h, m, sec, us = _parse_hms(s)
    return h, m, sec, us, tz


def _parse_hms(s):
    if not s:
        raise ValueError
    frac = ''
    for sep in '.,':
        if sep in s:
            s, frac = s.split(sep, 1)
            if not frac or not frac.isdigit():
                raise ValueError
    if ':' in s:
        parts = s.split(':')
        if any(len(p) != 2 for p in parts) or len(parts) > 3:
            raise ValueError
    else:
        if len(s) % 2 or len(s) > 6:
            raise ValueError
        parts = [s[i:i + 2] for i in range(0, len(s), 2)]
    nums = [_parse_digits(p, 0, 2) for p in parts]
    while len(nums) < 3:
        nums.append(0)
    if frac and len(parts) < 3:
        raise ValueError
    us = int((frac + '000000')[:6]) if frac else 0
    return nums[0], nums[1], nums[2], us


class date:
    """A calendar date: date(2024, 2, 29)."""

    @_cargs('kw:')
    def __init__(self, year, month=None, day=None):
        if month is None or day is None:
            raise TypeError("function missing required argument '%s' (pos %d)" % (('month', 2) if month is None else ('day', 3)))
        if not _fields_ok(year, month, day):
            year, month, day = _check_date_fields(year, month, day)
        st = self.__dict__
        st['_year'] = year
        st['_month'] = month
        st['_day'] = day

    def __setattr__(self, name, value):
        if name in ('year', 'month', 'day'):
            raise AttributeError("attribute '%s' of 'datetime.date' objects is not writable" % name)
        if name in ('hour', 'minute', 'second', 'microsecond', 'tzinfo', 'fold'):
            raise AttributeError("attribute '%s' of 'datetime.%s' objects is not writable" % (name, type(self).__name__))
        raise AttributeError("'datetime.%s' object has no attribute '%s'" % (type(self).__name__, name))

    @classmethod
    @_cargs('noargs')
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def fromtimestamp(cls, t):
        y, m, d, hh, mm, ss, us = _from_timestamp(t)
        return cls(y, m, d)

    @classmethod
    @_cargs('tuple:fromordinal')
    def fromordinal(cls, n):
        if not 1 <= n <= _ymd2ord(MAXYEAR, 12, 31):
            raise ValueError('ordinal must be >= 1')
        y, m, d = _ord2ymd(n)
        return cls(y, m, d)

    @classmethod
    @_cargs('O')
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError('fromisoformat: argument must be str')
        try:
            y, m, d = _parse_isodate(date_string)
        except ValueError:
            raise ValueError('Invalid isoformat string: %r' % (date_string,)) from None
        return cls(y, m, d)

    @classmethod
    def fromisocalendar(cls, year, week, day):
        jan4 = _ymd2ord(year, 1, 4)
        monday1 = jan4 - (jan4 + 6) % 7
        return cls(*_ord2ymd(monday1 + (week - 1) * 7 + day - 1))

    year = _readonly('year', 'date')
    month = _readonly('month', 'date')
    day = _readonly('day', 'date')

    def __repr__(self):
        return 'datetime.%s(%d, %d, %d)' % (type(self).__name__, self._year, self._month, self._day)

    @_cargs('noargs')
    def isoformat(self):
        return '%04d-%02d-%02d' % (self._year, self._month, self._day)

    def __str__(self):
        return self.isoformat()

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError('must be str, not %s' % type(fmt).__name__)
        if fmt:
            return self.strftime(fmt)
        return str(self)

    def ctime(self):
        wd = self.toordinal() % 7 or 7
        return '%s %s %2d 00:00:00 %04d' % (_DAYNAMES[wd - 1], _MONTHNAMES[self._month], self._day, self._year)

    @_cargs('kw:strftime')
    def strftime(self, format):
        return _strftime(format, self._year, self._month, self._day, 0, 0, 0, 0, self.weekday(),
                         self.toordinal() - _ymd2ord(self._year, 1, 1) + 1, None, None)

    @_cargs('noargs')
    def toordinal(self):
        return _ymd2ord(self._year, self._month, self._day)

    @_cargs('noargs')
    def weekday(self):
        return (self.toordinal() + 6) % 7

    @_cargs('noargs')
    def isoweekday(self):
        return self.toordinal() % 7 or 7

    @_cargs('noargs')
    def isocalendar(self):
        return _IsoCalendarDate(*_isocalendar(self._year, self._month, self._day))

    def timetuple(self):
        return _time_tuple(self._year, self._month, self._day, 0, 0, 0, self.weekday(),
                           self.toordinal() - _ymd2ord(self._year, 1, 1) + 1)

    @_cargs('kw:replace')
    def replace(self, year=None, month=None, day=None):
        return type(self)(self._year if year is None else year, self._month if month is None else month,
                          self._day if day is None else day)

    def _key(self):
        return (self._year, self._month, self._day)

    def __eq__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime) and not isinstance(self, datetime):
            return self._key() == other._key()
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._key() < other._key()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._key() <= other._key()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._key() > other._key()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._key() >= other._key()
        return NotImplemented

    def __hash__(self):
        return hash(self._key())

    def __add__(self, other):
        if isinstance(other, timedelta):
            o = self.toordinal() + other.days
            if 0 < o <= _ymd2ord(MAXYEAR, 12, 31):
                return type(self).fromordinal(o)
            raise OverflowError('date value out of range')
        return _unsupported('+', self, other)

    def __radd__(self, other):
        if isinstance(other, timedelta):
            return self + other
        return _unsupported('+', other, self, True)

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + timedelta(-other.days)
        if isinstance(other, date) and not isinstance(other, datetime):
            return timedelta(self.toordinal() - other.toordinal())
        return _unsupported('-', self, other)

    def __rsub__(self, other):
        return _unsupported('-', other, self, True)


date.min = date(1, 1, 1)
date.max = date(9999, 12, 31)
date.resolution = timedelta(days=1)


class _IsoCalendarDate(tuple):
    """date.isocalendar()'s result: a tuple subclass, as CPython's."""

    __slots__ = ()

    def __new__(cls, year, week, weekday):
        return tuple.__new__(cls, (year, week, weekday))

    year = property(lambda self: tuple.__getitem__(self, 0))
    week = property(lambda self: tuple.__getitem__(self, 1))
    weekday = property(lambda self: tuple.__getitem__(self, 2))

    def __repr__(self):
        return 'datetime.IsoCalendarDate(year=%d, week=%d, weekday=%d)' % tuple(self)


class _StructTime(tuple):
    """time.struct_time: a tuple subclass, as CPython's struct sequence."""

    __slots__ = ()
    _names = ('tm_year', 'tm_mon', 'tm_mday', 'tm_hour', 'tm_min', 'tm_sec', 'tm_wday', 'tm_yday', 'tm_isdst')

    def __new__(cls, t):
        return tuple.__new__(cls, t)

    def __getattr__(self, name):
        if name in _StructTime._names:
            return tuple.__getitem__(self, _StructTime._names.index(name))
        raise AttributeError(name)

    def __setattr__(self, name, value):
        raise AttributeError('readonly attribute')

    def __repr__(self):
        return 'time.struct_time(%s)' % ', '.join('%s=%r' % nv for nv in zip(self._names, self))


def _time_tuple(y, m, d, hh, mm, ss, wday, yday, dst=-1):
    return _StructTime((y, m, d, hh, mm, ss, wday, yday, dst))


def _from_timestamp(t):
    if not isinstance(t, (int, float)):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(t).__name__)
    frac, whole = _modf(t)
    us = round(frac * 1e6)
    whole = int(whole)
    if us >= 1000000:
        whole += 1
        us -= 1000000
    elif us < 0:
        whole -= 1
        us += 1000000
    days, secs = divmod(whole, 86400)
    y, m, d = _ord2ymd(days + _EPOCH_ORD)
    hh, rem = divmod(secs, 3600)
    mm, ss = divmod(rem, 60)
    return y, m, d, hh, mm, ss, us


def _modf(t):
    if isinstance(t, int):
        return 0.0, t
    whole = float(int(t))
    return t - whole, whole


_EPOCH_ORD = _ymd2ord(1970, 1, 1)
_MAX_ORD = _ymd2ord(MAXYEAR, 12, 31)


class time:
    """A time of day: time(13, 45, 30, tzinfo=timezone.utc)."""

    @_cargs('kw:')
    def __init__(self, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        if type(hour) is not int or type(minute) is not int or type(second) is not int \
                or type(microsecond) is not int or not 0 <= hour <= 23 or not 0 <= minute <= 59 \
                or not 0 <= second <= 59 or not 0 <= microsecond <= 999999 or fold:
            hour, minute, second, microsecond, fold = _check_time_fields(hour, minute, second, microsecond, fold)
        if tzinfo is not None:
            _check_tzinfo(tzinfo)
        st = self.__dict__
        st['_hour'] = hour
        st['_minute'] = minute
        st['_second'] = second
        st['_microsecond'] = microsecond
        st['_tzinfo'] = tzinfo
        st['_fold'] = fold

    def __setattr__(self, name, value):
        raise AttributeError("attribute '%s' of 'datetime.time' objects is not writable" % name)

    hour = _readonly('hour', 'time')
    minute = _readonly('minute', 'time')
    second = _readonly('second', 'time')
    microsecond = _readonly('microsecond', 'time')
    tzinfo = _readonly('tzinfo', 'time')
    fold = _readonly('fold', 'time')

    @classmethod
    @_cargs('O')
    def fromisoformat(cls, time_string):
        if not isinstance(time_string, str):
            raise TypeError('fromisoformat: argument must be str')
        s = time_string[1:] if time_string.startswith('T') else time_string
        try:
            h, m, sec, us, tz = _parse_isotime(s)
        except ValueError:
            raise ValueError('Invalid isoformat string: %r' % (time_string,)) from None
        return cls(h, m, sec, us, tz)

    @_cargs('noargs')
    def utcoffset(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.utcoffset(None)

    @_cargs('noargs')
    def tzname(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.tzname(None)

    @_cargs('noargs')
    def dst(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.dst(None)

    @_cargs('kw:isoformat')
    def isoformat(self, timespec='auto'):
        s = _format_time(self._hour, self._minute, self._second, self._microsecond, timespec)
        off = self.utcoffset()
        if off is not None:
            s += _format_offset(off)
        return s

    def __str__(self):
        return self.isoformat()

    def __format__(self, fmt):
        if fmt:
            return self.strftime(fmt)
        return str(self)

    def __repr__(self):
        if self._microsecond != 0:
            s = ', %d, %d' % (self._second, self._microsecond)
        elif self._second != 0:
            s = ', %d' % self._second
        else:
            s = ''
        s = 'datetime.time(%d, %d%s)' % (self._hour, self._minute, s)
        if self._tzinfo is not None:
            s = s[:-1] + ', tzinfo=%r)' % self._tzinfo
        if self._fold:
            s = s[:-1] + ', fold=1)'
        return s

    @_cargs('kw:strftime')
    def strftime(self, format):
        off = self.utcoffset()
        return _strftime(format, 1900, 1, 1, self._hour, self._minute, self._second, self._microsecond,
                         0, 1, off, self.tzname())

    @_cargs('kw:replace')
    def replace(self, hour=None, minute=None, second=None, microsecond=None, tzinfo=True, *, fold=None):
        return time(self._hour if hour is None else hour, self._minute if minute is None else minute,
                    self._second if second is None else second,
                    self._microsecond if microsecond is None else microsecond,
                    self._tzinfo if tzinfo is True else tzinfo, fold=self._fold if fold is None else fold)

    def _key(self, other):
        a = self.utcoffset()
        b = other.utcoffset()
        if (a is None) != (b is None):
            return None
        x = ((self._hour * 60 + self._minute) * 60 + self._second) * 1000000 + self._microsecond
        y = ((other._hour * 60 + other._minute) * 60 + other._second) * 1000000 + other._microsecond
        if a is not None:
            x -= a._to_us()
            y -= b._to_us()
        return x, y

    def _compare(self, other, op):
        if not isinstance(other, time):
            return NotImplemented
        k = self._key(other)
        if k is None:
            if op == 'eq':
                return False
            raise TypeError("can't compare offset-naive and offset-aware times")
        x, y = k
        return {'eq': x == y, 'lt': x < y, 'le': x <= y, 'gt': x > y, 'ge': x >= y}[op]

    def __eq__(self, other):
        return self._compare(other, 'eq')

    def __lt__(self, other):
        return self._compare(other, 'lt')

    def __le__(self, other):
        return self._compare(other, 'le')

    def __gt__(self, other):
        return self._compare(other, 'gt')

    def __ge__(self, other):
        return self._compare(other, 'ge')

    def __hash__(self):
        return hash((self._hour, self._minute, self._second, self._microsecond))

    def __bool__(self):
        return True


time.min = time(0, 0, 0)
time.max = time(23, 59, 59, 999999)
time.resolution = timedelta(microseconds=1)


class datetime(date):
    """A date and a time: datetime(2024, 2, 29, 13, 45, tzinfo=timezone.utc)."""

    @_cargs('kw:')
    def __init__(self, year, month=None, day=None, hour=0, minute=0, second=0, microsecond=0,
                 tzinfo=None, *, fold=0):
        if fold or not _fields_ok(year, month, day, hour, minute, second, microsecond):
            date.__init__(self, year, month, day)
            hour, minute, second, microsecond, fold = _check_time_fields(hour, minute, second, microsecond, fold)
        else:
            st = self.__dict__
            st['_year'] = year
            st['_month'] = month
            st['_day'] = day
        if tzinfo is not None:
            _check_tzinfo(tzinfo)
        st = self.__dict__
        st['_hour'] = hour
        st['_minute'] = minute
        st['_second'] = second
        st['_microsecond'] = microsecond
        st['_tzinfo'] = tzinfo
        st['_fold'] = fold

    hour = _readonly('hour', 'datetime')
    minute = _readonly('minute', 'datetime')
    second = _readonly('second', 'datetime')
    microsecond = _readonly('microsecond', 'datetime')
    tzinfo = _readonly('tzinfo', 'datetime')
    fold = _readonly('fold', 'datetime')

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        _check_tzinfo(tz)
        y, m, d, hh, mm, ss, us = _from_timestamp(t)
        result = cls(y, m, d, hh, mm, ss, us)
        if tz is not None:
            result = tz.fromutc(result.replace(tzinfo=tz))
        return result

    @classmethod
    def utcfromtimestamp(cls, t):
        y, m, d, hh, mm, ss, us = _from_timestamp(t)
        return cls(y, m, d, hh, mm, ss, us)

    @classmethod
    @_cargs('kw:now')
    def now(cls, tz=None):
        return cls.fromtimestamp(_time.time(), tz)

    @classmethod
    def utcnow(cls):
        return cls.utcfromtimestamp(_time.time())

    @classmethod
    @_cargs('noargs')
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def combine(cls, date, time, tzinfo=True):
        if not isinstance(date, _date_class):
            raise TypeError('combine() argument 1 must be datetime.date, not %s' % type(date).__name__)
        if not isinstance(time, _time_class):
            raise TypeError('combine() argument 2 must be datetime.time, not %s' % type(time).__name__)
        if tzinfo is True:
            tzinfo = time.tzinfo
        return cls(date.year, date.month, date.day, time.hour, time.minute, time.second,
                   time.microsecond, tzinfo, fold=time.fold)

    @classmethod
    @_cargs('O')
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError('fromisoformat: argument must be str')
        s = date_string
        fields = _iso_fast(s)
        if fields is not None:
            return cls(*fields)
        try:
            if len(s) >= 10 and s[4] == '-' and 'W' not in s[:10]:
                dpart, rest = s[:10], s[10:]
            elif len(s) > 7 and s[4] == 'W':
                dpart, rest = s[:8], s[8:]
            elif len(s) > 8 and s[5] == 'W':
                dpart, rest = s[:10], s[10:]
            else:
                dpart, rest = s[:8], s[8:]
            y, m, d = _parse_isodate(dpart)
            if rest:
                h, mi, sec, us, tz = _parse_isotime(rest[1:])
            else:
                h = mi = sec = us = 0
                tz = None
        except (ValueError, IndexError):
            raise ValueError('Invalid isoformat string: %r' % (date_string,)) from None
        return cls(y, m, d, h, mi, sec, us, tz)

    @classmethod
    @_cargs('tuple:strptime')
    def strptime(cls, date_string, format):
        return _strptime(cls, date_string, format)

    def date(self):
        return date(self._year, self._month, self._day)

    def time(self):
        return time(self._hour, self._minute, self._second, self._microsecond, fold=self._fold)

    def timetz(self):
        return time(self._hour, self._minute, self._second, self._microsecond, self._tzinfo, fold=self._fold)

    @_cargs('noargs')
    def utcoffset(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.utcoffset(self)

    @_cargs('noargs')
    def tzname(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.tzname(self)

    @_cargs('noargs')
    def dst(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.dst(self)

    @_cargs('kw:replace')
    def replace(self, year=None, month=None, day=None, hour=None, minute=None, second=None,
                microsecond=None, tzinfo=True, *, fold=None):
        return type(self)(self._year if year is None else year, self._month if month is None else month,
                          self._day if day is None else day, self._hour if hour is None else hour,
                          self._minute if minute is None else minute,
                          self._second if second is None else second,
                          self._microsecond if microsecond is None else microsecond,
                          self._tzinfo if tzinfo is True else tzinfo,
                          fold=self._fold if fold is None else fold)

    def _us(self):
        o = _ymd2ord(self._year, self._month, self._day)
        return ((o * 86400 + (self._hour * 60 + self._minute) * 60 + self._second)
                * 1000000 + self._microsecond)

    @classmethod
    def _from_us(cls, us, tz):
        days, rem = divmod(us, 86400000000)
        if not 1 <= days <= _MAX_ORD:
            raise OverflowError('date value out of range')
        y, m, d = _ord2ymd(days)
        secs, micro = divmod(rem, 1000000)
        hh, rem = divmod(secs, 3600)
        mm, ss = divmod(rem, 60)
        # The fields are valid by construction: skip __init__'s checks.
        self = object.__new__(cls)
        st = self.__dict__
        st['_year'] = y
        st['_month'] = m
        st['_day'] = d
        st['_hour'] = hh
        st['_minute'] = mm
        st['_second'] = ss
        st['_microsecond'] = micro
        st['_tzinfo'] = tz
        st['_fold'] = 0
        return self

    @_cargs('noargs')
    def timestamp(self):
        off = self.utcoffset() or timedelta(0)
        return (self._us() - off._to_us() - _EPOCH_ORD * 86400000000) / 1e6

    def utctimetuple(self):
        off = self.utcoffset()
        dt = self
        if off:
            dt = self - off
        return dt.replace(tzinfo=None).timetuple()

    def timetuple(self):
        dst = -1
        if self._tzinfo is not None:
            d = self.dst()
            dst = 0 if d is None else (1 if d else 0)
        return _time_tuple(self._year, self._month, self._day, self._hour, self._minute, self._second,
                           self.weekday(), self.toordinal() - _ymd2ord(self._year, 1, 1) + 1, dst)

    def astimezone(self, tz=None):
        if tz is None:
            # The sandbox's local zone is UTC, named as CPython names a local zone.
            tz = timezone(timedelta(0), 'UTC')
        elif not isinstance(tz, tzinfo):
            raise TypeError("tzinfo argument must be None or of a tzinfo subclass, not type '%s'" % type(tz).__name__)
        off = self.utcoffset()
        if off is None:
            off = timedelta(0)
        utc = (self - off).replace(tzinfo=tz)
        return tz.fromutc(utc)

    @_cargs('kw:isoformat')
    def isoformat(self, sep='T', timespec='auto'):
        if timespec == 'auto' and self._tzinfo is None:
            if self._microsecond:
                return '%04d-%02d-%02d%s%02d:%02d:%02d.%06d' % (
                    self._year, self._month, self._day, sep, self._hour, self._minute, self._second,
                    self._microsecond)
            return '%04d-%02d-%02d%s%02d:%02d:%02d' % (
                self._year, self._month, self._day, sep, self._hour, self._minute, self._second)
        s = '%04d-%02d-%02d%s' % (self._year, self._month, self._day, sep) + \
            _format_time(self._hour, self._minute, self._second, self._microsecond, timespec)
        off = self.utcoffset()
        if off is not None:
            s += _format_offset(off)
        return s

    def __str__(self):
        return self.isoformat(sep=' ')

    def __repr__(self):
        L = [self._year, self._month, self._day, self._hour, self._minute, self._second, self._microsecond]
        if L[-1] == 0:
            del L[-1]
        if L[-1] == 0:
            del L[-1]
        s = 'datetime.%s(%s)' % (type(self).__name__, ', '.join(map(str, L)))
        if self._tzinfo is not None:
            s = s[:-1] + ', tzinfo=%r)' % self._tzinfo
        if self._fold:
            s = s[:-1] + ', fold=1)'
        return s

    def ctime(self):
        return '%s %s %2d %02d:%02d:%02d %04d' % (_DAYNAMES[self.weekday()], _MONTHNAMES[self._month], self._day,
                                                  self._hour, self._minute, self._second, self._year)

    @_cargs('kw:strftime')
    def strftime(self, format):
        return _strftime(format, self._year, self._month, self._day, self._hour, self._minute, self._second,
                         self._microsecond, self.weekday(), self.toordinal() - _ymd2ord(self._year, 1, 1) + 1,
                         self.utcoffset(), self.tzname())

    def _cmp_key(self, other):
        a = self.utcoffset()
        b = other.utcoffset()
        if (a is None) != (b is None):
            return None
        x = self._us()
        y = other._us()
        if a is not None:
            x -= a._to_us()
            y -= b._to_us()
        return x, y

    def _compare(self, other, op):
        if not isinstance(other, datetime):
            if op == 'eq':
                return NotImplemented if not isinstance(other, date) else False
            if isinstance(other, date):
                raise TypeError("can't compare datetime.datetime to datetime.date")
            return NotImplemented
        k = self._cmp_key(other)
        if k is None:
            if op == 'eq':
                return False
            raise TypeError("can't compare offset-naive and offset-aware datetimes")
        x, y = k
        return {'eq': x == y, 'lt': x < y, 'le': x <= y, 'gt': x > y, 'ge': x >= y}[op]

    def __eq__(self, other):
        return self._compare(other, 'eq')

    def __lt__(self, other):
        return self._compare(other, 'lt')

    def __le__(self, other):
        return self._compare(other, 'le')

    def __gt__(self, other):
        return self._compare(other, 'gt')

    def __ge__(self, other):
        return self._compare(other, 'ge')

    def __hash__(self):
        off = self.utcoffset()
        return hash(self._us() - (off._to_us() if off else 0))

    def __add__(self, other):
        if isinstance(other, timedelta):
            return type(self)._from_us(self._us() + other._to_us(), self._tzinfo)
        return _unsupported('+', self, other)

    def __radd__(self, other):
        if isinstance(other, timedelta):
            return self + other
        return _unsupported('+', other, self, True)

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return type(self)._from_us(self._us() - other._to_us(), self._tzinfo)
        if isinstance(other, datetime):
            a = self.utcoffset()
            b = other.utcoffset()
            if (a is None) != (b is None):
                raise TypeError("can't subtract offset-naive and offset-aware datetimes")
            d = self._us() - other._us()
            if a is not None:
                d -= a._to_us() - b._to_us()
            return timedelta._from_us(d)
        if isinstance(other, date):
            raise TypeError("unsupported operand type(s) for -: 'datetime.datetime' and 'datetime.date'")
        return _unsupported('-', self, other)


datetime.min = datetime(1, 1, 1)
datetime.max = datetime(9999, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta(microseconds=1)


# strptime follows CPython's _strptime: the format becomes one regular expression
# (C locale names, case-insensitive), matched against the whole string; then the fields
# are combined as CPython does (12-hour clock with %p, %j, week numbers, ISO weeks).
_STRPTIME_RE = {
    'd': r"(?P<d>3[0-1]|[1-2]\d|0[1-9]|[1-9]| [1-9])",
    'f': r"(?P<f>[0-9]{1,6})",
    'H': r"(?P<H>2[0-3]|[0-1]\d|\d)",
    'I': r"(?P<I>1[0-2]|0[1-9]|[1-9])",
    'G': r"(?P<G>\d\d\d\d)",
    'j': r"(?P<j>36[0-6]|3[0-5]\d|[1-2]\d\d|0[1-9]\d|00[1-9]|[1-9]\d|0[1-9]|[1-9])",
    'm': r"(?P<m>1[0-2]|0[1-9]|[1-9])",
    'M': r"(?P<M>[0-5]\d|\d)",
    'S': r"(?P<S>6[0-1]|[0-5]\d|\d)",
    'U': r"(?P<U>5[0-3]|[0-4]\d|\d)",
    'W': r"(?P<W>5[0-3]|[0-4]\d|\d)",
    'w': r"(?P<w>[0-6])",
    'u': r"(?P<u>[1-7])",
    'V': r"(?P<V>5[0-3]|0[1-9]|[1-4]\d|\d)",
    'y': r"(?P<y>\d\d)",
    'Y': r"(?P<Y>\d\d\d\d)",
    'z': r"(?P<z>[+-]\d\d:?[0-5]\d(:?[0-5]\d(\.\d{1,6})?)?|(?-i:Z))",
    '%': '%',
}


def _names_re(names, key):
    names = sorted((n.lower() for n in names if n), key=len, reverse=True)
    return '(?P<%s>%s)' % (key, '|'.join(names))


_STRPTIME_RE['A'] = _names_re(_FULLDAYNAMES, 'A')
_STRPTIME_RE['a'] = _names_re(_DAYNAMES, 'a')
_STRPTIME_RE['B'] = _names_re(_FULLMONTHNAMES, 'B')
_STRPTIME_RE['b'] = _names_re(_MONTHNAMES, 'b')
_STRPTIME_RE['p'] = _names_re(['am', 'pm'], 'p')
_STRPTIME_RE['Z'] = _names_re(['utc', 'gmt'], 'Z')


def _strptime_pattern(fmt):
    out = []
    k = 0
    n = len(fmt)
    while k < n:
        c = fmt[k]
        if c == '%':
            if k + 1 >= n:
                raise IndexError(fmt)
            d = fmt[k + 1]
            if d in 'cxX':
                sub = {'c': '%a %b %d %H:%M:%S %Y', 'x': '%m/%d/%y', 'X': '%H:%M:%S'}[d]
                out.append(_strptime_pattern(sub))
            elif d in _STRPTIME_RE:
                out.append(_STRPTIME_RE[d])
            else:
                raise KeyError(d)
            k += 2
            continue
        if c.isspace():
            while k < n and fmt[k].isspace():
                k += 1
            out.append(r'\s+')
            continue
        if c in '\\.^$*+?(){}[]|':
            out.append('\\' + c)
        else:
            out.append(c)
        k += 1
    return ''.join(out)


def _julian_from_week(year, week_of_year, day_of_week, week_starts_mon):
    first_weekday = (_ymd2ord(year, 1, 1) + 6) % 7
    if not week_starts_mon:
        first_weekday = (first_weekday + 1) % 7
        day_of_week = (day_of_week + 1) % 7
    week_0_length = (7 - first_weekday) % 7
    if week_of_year == 0:
        return 1 + day_of_week - first_weekday
    return 1 + week_0_length + 7 * (week_of_year - 1) + day_of_week


def _julian_from_iso_week(iso_year, iso_week, iso_weekday):
    jan4 = _ymd2ord(iso_year, 1, 4)
    correction = (jan4 + 6) % 7 + 1 + 3
    ordinal = iso_week * 7 + iso_weekday - correction
    if ordinal < 1:
        ordinal += _ymd2ord(iso_year, 1, 1)
        iso_year -= 1
        ordinal -= _ymd2ord(iso_year, 1, 1)
    return iso_year, ordinal


def _strptime(cls, data, fmt):
    (year, month, day, hour, minute, second, fraction, weekday, julian, gmtoff,
     gmtoff_fraction, tzname, isdst) = _strptime_fields(data, fmt)
    args = [year, month, day, hour, minute, second, fraction]
    if gmtoff is not None:
        delta = timedelta(seconds=gmtoff, microseconds=gmtoff_fraction)
        args.append(timezone(delta, tzname) if tzname else timezone(delta))
    return cls(*args)


def _time_strptime(data, fmt='%a %b %d %H:%M:%S %Y'):
    for index, arg in enumerate((data, fmt)):
        if not isinstance(arg, str):
            raise TypeError('strptime() argument %d must be str, not %s' % (index, type(arg)))
    (year, month, day, hour, minute, second, fraction, weekday, julian, gmtoff,
     gmtoff_fraction, tzname, isdst) = _strptime_fields(data, fmt)
    return _time_tuple(year, month, day, hour, minute, second, weekday, julian, isdst)


def _strptime_fields(data, fmt):
    if not isinstance(data, str):
        raise TypeError('strptime() argument 1 must be str, not %s' % type(data).__name__)
    if not isinstance(fmt, str):
        raise TypeError('strptime() argument 2 must be str, not %s' % type(fmt).__name__)
    import re as _re
    try:
        pattern = _strptime_pattern(fmt)
    except KeyError as err:
        bad = err.args[0]
        if bad == '\\':
            bad = '%'
        raise ValueError("'%s' is a bad directive in format '%s'" % (bad, fmt)) from None
    except IndexError:
        raise ValueError("stray %% in format '%s'" % fmt) from None
    found = _re.compile(pattern, _re.IGNORECASE).match(data)
    if not found:
        raise ValueError('time data %r does not match format %r' % (data, fmt))
    if len(data) != found.end():
        raise ValueError('unconverted data remains: %s' % data[found.end():])
    fields = found.groupdict()
    year = None
    month = day = 1
    hour = minute = second = fraction = 0
    gmtoff = None
    gmtoff_fraction = 0
    iso_year = iso_week = None
    week_of_year = -1
    week_of_year_start = -1
    weekday = julian = None
    for key, value in fields.items():
        if value is None:
            continue
        if key == 'y':
            year = int(value)
            year += 2000 if year <= 68 else 1900
        elif key == 'Y':
            year = int(value)
        elif key == 'G':
            iso_year = int(value)
        elif key == 'm':
            month = int(value)
        elif key == 'B':
            month = [n.lower() for n in _FULLMONTHNAMES[1:]].index(value.lower()) + 1
        elif key == 'b':
            month = [n.lower() for n in _MONTHNAMES[1:]].index(value.lower()) + 1
        elif key == 'd':
            day = int(value)
        elif key == 'H':
            hour = int(value)
        elif key == 'I':
            hour = int(value)
            ampm = (fields.get('p') or '').lower()
            if ampm in ('', 'am'):
                if hour == 12:
                    hour = 0
            elif ampm == 'pm':
                if hour != 12:
                    hour += 12
        elif key == 'M':
            minute = int(value)
        elif key == 'S':
            second = int(value)
        elif key == 'f':
            fraction = int(value + '0' * (6 - len(value)))
        elif key == 'A':
            weekday = [n.lower() for n in _FULLDAYNAMES].index(value.lower())
        elif key == 'a':
            weekday = [n.lower() for n in _DAYNAMES].index(value.lower())
        elif key == 'w':
            weekday = int(value)
            weekday = 6 if weekday == 0 else weekday - 1
        elif key == 'u':
            weekday = int(value) - 1
        elif key == 'j':
            julian = int(value)
        elif key in ('U', 'W'):
            week_of_year = int(value)
            week_of_year_start = 6 if key == 'U' else 0
        elif key == 'V':
            iso_week = int(value)
        elif key == 'z':
            z = value
            if z == 'Z':
                gmtoff = 0
            else:
                if z[3] == ':':
                    z = z[:3] + z[4:]
                    if len(z) > 5:
                        if z[5] != ':':
                            raise ValueError('Inconsistent use of : in %s' % value)
                        z = z[:5] + z[6:]
                hours = int(z[1:3])
                minutes = int(z[3:5])
                seconds = int(z[5:7] or 0)
                gmtoff = hours * 3600 + minutes * 60 + seconds
                rest = z[8:]
                gmtoff_fraction = int(rest + '0' * (6 - len(rest)))
                if z.startswith('-'):
                    gmtoff = -gmtoff
                    gmtoff_fraction = -gmtoff_fraction
    if year is None and iso_year is not None:
        if iso_week is None or weekday is None:
            raise ValueError("ISO year directive '%G' must be used with the ISO week directive "
                             "'%V' and a weekday directive ('%A', '%a', '%w', or '%u').")
        if julian is not None:
            raise ValueError("Day of the year directive '%j' is not compatible with ISO year "
                             "directive '%G'. Use '%Y' instead.")
    elif week_of_year == -1 and iso_week is not None:
        if weekday is None:
            raise ValueError("ISO week directive '%V' must be used with the ISO year directive "
                             "'%G' and a weekday directive ('%A', '%a', '%w', or '%u').")
        raise ValueError("ISO week directive '%V' is incompatible with the year directive "
                         "'%Y'. Use the ISO year '%G' instead.")
    leap_year_fix = False
    if year is None and month == 2 and day == 29:
        year = 1904
        leap_year_fix = True
    elif year is None:
        year = 1900
    if julian is None and weekday is not None:
        if week_of_year != -1:
            julian = _julian_from_week(year, week_of_year, weekday, week_of_year_start == 0)
        elif iso_year is not None and iso_week is not None:
            year, julian = _julian_from_iso_week(iso_year, iso_week, weekday + 1)
        if julian is not None and julian <= 0:
            year -= 1
            julian += 366 if _is_leap(year) else 365
    if julian is None:
        date(year, month, day)
        julian = _ymd2ord(year, month, day) - _ymd2ord(year, 1, 1) + 1
    else:
        year, month, day = _ord2ymd(julian - 1 + _ymd2ord(year, 1, 1))
    if weekday is None:
        weekday = (_ymd2ord(year, month, day) + 6) % 7
    if leap_year_fix:
        year = 1900
    # UTC and GMT are the sandbox's standard-time zone names.
    isdst = 0 if fields.get('Z') is not None else -1
    return (year, month, day, hour, minute, second, fraction, weekday, julian, gmtoff,
            gmtoff_fraction, fields.get('Z'), isdst)


# Helpers of the time module (gmtime, localtime, mktime, strftime, asctime): the
# sandbox's local time is UTC, so both gmtime and localtime are UTC.

def _time_struct(secs):
    y, m, d, hh, mm, ss, us = _from_timestamp(secs)
    o = _ymd2ord(y, m, d)
    return _time_tuple(y, m, d, hh, mm, ss, (o + 6) % 7, o - _ymd2ord(y, 1, 1) + 1, 0)


def _time_fields(t):
    if not isinstance(t, (_StructTime, tuple)) or len(t) != 9:
        raise TypeError('Tuple or struct_time argument required')
    return tuple(t)


def _time_mktime(t):
    y, m, d, hh, mm, ss = _time_fields(t)[:6]
    days = _ymd2ord(y, 1, 1) - _EPOCH_ORD + _days_before_month(y, m) + d - 1 if 1 <= m <= 12 else None
    if days is None:
        raise OverflowError('mktime argument out of range')
    return float(days * 86400 + hh * 3600 + mm * 60 + ss)


def _time_strftime(fmt, t):
    y, m, d, hh, mm, ss, wd, yd, dst = _time_fields(t)
    if isinstance(fmt, str) and '%f' in fmt:
        # %f is datetime's directive; time.strftime leaves it to the C library, which
        # copies it.
        out = []
        i = 0
        while i < len(fmt):
            if fmt[i] == '%' and i + 1 < len(fmt):
                out.append('%%f' if fmt[i + 1] == 'f' else fmt[i:i + 2])
                i += 2
            else:
                out.append(fmt[i])
                i += 1
        fmt = ''.join(out)
    return _strftime(fmt, y, m, d, hh, mm, ss, 0, wd, yd, timedelta(0), 'UTC')


def _time_asctime(t):
    y, m, d, hh, mm, ss, wd, yd, dst = _time_fields(t)
    return '%s %s %2d %02d:%02d:%02d %d' % (_DAYNAMES[wd], _MONTHNAMES[m], d, hh, mm, ss, y)

_date_class, _time_class = date, time
