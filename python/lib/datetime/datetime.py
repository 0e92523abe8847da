"""datetime: date, time, datetime, timedelta, tzinfo, timezone (CPython 3.11 behaviour).

_ymd2ord, _ord2ymd, _isocalendar and _strftime_native are Go natives (natives.go).

The sandbox's local time zone is UTC; now(), today() and utcnow() read the module
table's clock through time.time(), so a host can fix them for tests.
"""

import time as _time

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


class timedelta:
    """A duration: days, seconds (0..86399) and microseconds (0..999999)."""

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
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return timedelta._from_us(self._to_us() - other._to_us())
        return NotImplemented

    def __rsub__(self, other):
        if isinstance(other, timedelta):
            return -self + other
        return NotImplemented

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
            raise TypeError('offset must be a timedelta')
        if name is not None and not isinstance(name, str):
            raise TypeError('name must be a string')
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

    def utcoffset(self, dt):
        return self._offset

    def tzname(self, dt):
        if self._name is None:
            return self._name_from_offset(self._offset)
        return self._name

    def dst(self, dt):
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
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def fromtimestamp(cls, t):
        y, m, d, hh, mm, ss, us = _from_timestamp(t)
        return cls(y, m, d)

    @classmethod
    def fromordinal(cls, n):
        if not 1 <= n <= _ymd2ord(MAXYEAR, 12, 31):
            raise ValueError('ordinal must be >= 1')
        y, m, d = _ord2ymd(n)
        return cls(y, m, d)

    @classmethod
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

    def strftime(self, fmt):
        return _strftime(fmt, self._year, self._month, self._day, 0, 0, 0, 0, self.weekday(),
                         self.toordinal() - _ymd2ord(self._year, 1, 1) + 1, None, None)

    def toordinal(self):
        return _ymd2ord(self._year, self._month, self._day)

    def weekday(self):
        return (self.toordinal() + 6) % 7

    def isoweekday(self):
        return self.toordinal() % 7 or 7

    def isocalendar(self):
        return _IsoCalendarDate(*_isocalendar(self._year, self._month, self._day))

    def timetuple(self):
        return _time_tuple(self._year, self._month, self._day, 0, 0, 0, self.weekday(),
                           self.toordinal() - _ymd2ord(self._year, 1, 1) + 1)

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
            raise OverflowError('result out of range')
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + timedelta(-other.days)
        if isinstance(other, date) and not isinstance(other, datetime):
            return timedelta(self.toordinal() - other.toordinal())
        return NotImplemented


date.min = date(1, 1, 1)
date.max = date(9999, 12, 31)
date.resolution = timedelta(days=1)


class _IsoCalendarDate:
    def __init__(self, year, week, weekday):
        self._t = (year, week, weekday)

    year = property(lambda self: self._t[0])
    week = property(lambda self: self._t[1])
    weekday = property(lambda self: self._t[2])

    def __iter__(self):
        return iter(self._t)

    def __getitem__(self, i):
        return self._t[i]

    def __len__(self):
        return 3

    def __eq__(self, other):
        if isinstance(other, _IsoCalendarDate):
            return self._t == other._t
        return self._t == other

    def __repr__(self):
        return 'datetime.IsoCalendarDate(year=%d, week=%d, weekday=%d)' % self._t


class _StructTime:
    _names = ('tm_year', 'tm_mon', 'tm_mday', 'tm_hour', 'tm_min', 'tm_sec', 'tm_wday', 'tm_yday', 'tm_isdst')

    def __init__(self, t):
        self._t = t

    def __getattr__(self, name):
        if name in _StructTime._names:
            return self._t[_StructTime._names.index(name)]
        raise AttributeError(name)

    def __iter__(self):
        return iter(self._t)

    def __getitem__(self, i):
        return self._t[i]

    def __len__(self):
        return 9

    def __repr__(self):
        return 'time.struct_time(%s)' % ', '.join('%s=%r' % nv for nv in zip(self._names, self._t))


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
    def fromisoformat(cls, time_string):
        if not isinstance(time_string, str):
            raise TypeError('fromisoformat: argument must be str')
        s = time_string[1:] if time_string.startswith('T') else time_string
        try:
            h, m, sec, us, tz = _parse_isotime(s)
        except ValueError:
            raise ValueError('Invalid isoformat string: %r' % (time_string,)) from None
        return cls(h, m, sec, us, tz)

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.utcoffset(None)

    def tzname(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.tzname(None)

    def dst(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.dst(None)

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

    def strftime(self, fmt):
        off = self.utcoffset()
        return _strftime(fmt, 1900, 1, 1, self._hour, self._minute, self._second, self._microsecond,
                         0, 1, off, self.tzname())

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
    def now(cls, tz=None):
        return cls.fromtimestamp(_time.time(), tz)

    @classmethod
    def utcnow(cls):
        return cls.utcfromtimestamp(_time.time())

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def combine(cls, date, time, tzinfo=True):
        if tzinfo is True:
            tzinfo = time.tzinfo
        return cls(date.year, date.month, date.day, time.hour, time.minute, time.second,
                   time.microsecond, tzinfo, fold=time.fold)

    @classmethod
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
    def strptime(cls, date_string, format):
        return _strptime(cls, date_string, format)

    def date(self):
        return date(self._year, self._month, self._day)

    def time(self):
        return time(self._hour, self._minute, self._second, self._microsecond, fold=self._fold)

    def timetz(self):
        return time(self._hour, self._minute, self._second, self._microsecond, self._tzinfo, fold=self._fold)

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.utcoffset(self)

    def tzname(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.tzname(self)

    def dst(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.dst(self)

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
            raise TypeError('tz argument must be an instance of tzinfo')
        off = self.utcoffset()
        if off is None:
            off = timedelta(0)
        utc = (self - off).replace(tzinfo=tz)
        return tz.fromutc(utc)

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

    def strftime(self, fmt):
        return _strftime(fmt, self._year, self._month, self._day, self._hour, self._minute, self._second,
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
                raise TypeError("'%s' not supported between instances of 'datetime.datetime' and 'datetime.date'"
                                % {'lt': '<', 'le': '<=', 'gt': '>', 'ge': '>='}[op])
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
        return NotImplemented

    __radd__ = __add__

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
        return NotImplemented


datetime.min = datetime(1, 1, 1)
datetime.max = datetime(9999, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta(microseconds=1)


def _strptime(cls, data, fmt):
    if not isinstance(data, str):
        raise TypeError('strptime() argument 1 must be str, not %s' % type(data).__name__)
    if not isinstance(fmt, str):
        raise TypeError('strptime() argument 2 must be str, not %s' % type(fmt).__name__)
    vals = {'Y': 1900, 'm': 1, 'd': 1, 'H': 0, 'M': 0, 'S': 0, 'f': 0}
    tz = None
    pm = None
    i = 0
    j = 0
    n = len(data)

    def fail():
        raise ValueError('time data %r does not match format %r' % (data, fmt))

    def digits(lo, hi):
        nonlocal i
        k = i
        while k < n and k - i < hi and data[k].isdigit():
            k += 1
        if k - i < lo:
            fail()
        v = int(data[i:k])
        i = k
        return v

    def name(options):
        nonlocal i
        low = data[i:].lower()
        best = -1
        for idx, opt in enumerate(options):
            if opt is not None and low.startswith(opt.lower()) and (best < 0 or len(opt) > len(options[best])):
                best = idx
        if best < 0:
            fail()
        i += len(options[best])
        return best

    while j < len(fmt):
        c = fmt[j]
        if c != '%':
            if c.isspace():
                j += 1
                while i < n and data[i].isspace():
                    i += 1
                continue
            if i >= n or data[i] != c:
                fail()
            i += 1
            j += 1
            continue
        if j + 1 >= len(fmt):
            raise ValueError("stray %% in format '%s'" % fmt)
        d = fmt[j + 1]
        j += 2
        if d == 'Y':
            vals['Y'] = digits(4, 4)
        elif d == 'y':
            y = digits(2, 2)
            vals['Y'] = y + (2000 if y < 69 else 1900)
        elif d == 'm':
            vals['m'] = digits(1, 2)
        elif d == 'd':
            vals['d'] = digits(1, 2)
        elif d == 'H':
            vals['H'] = digits(1, 2)
        elif d == 'I':
            vals['H'] = digits(1, 2)
            if pm is None:
                pm = False
        elif d == 'M':
            vals['M'] = digits(1, 2)
        elif d == 'S':
            vals['S'] = digits(1, 2)
        elif d == 'f':
            k = i
            v = digits(1, 6)
            vals['f'] = int(data[k:i] + '0' * (6 - (i - k)))
        elif d == 'j':
            vals['j'] = digits(1, 3)
        elif d == 'b' or d == 'h':
            vals['m'] = name(_MONTHNAMES)
        elif d == 'B':
            vals['m'] = name(_FULLMONTHNAMES)
        elif d == 'a':
            name(_DAYNAMES)
        elif d == 'A':
            name(_FULLDAYNAMES)
        elif d == 'p':
            pm = name(['AM', 'PM']) == 1
        elif d == 'z':
            if i < n and data[i] == 'Z':
                i += 1
                tz = timezone.utc
            else:
                if i >= n or data[i] not in '+-':
                    fail()
                sign = -1 if data[i] == '-' else 1
                i += 1
                hh = digits(2, 2)
                if i < n and data[i] == ':':
                    i += 1
                mm = digits(2, 2)
                ss = 0
                if i < n and data[i] == ':':
                    i += 1
                    ss = digits(2, 2)
                off = timedelta(hours=hh, minutes=mm, seconds=ss)
                tz = timezone(sign * off)
        elif d == 'Z':
            for zn in ('UTC', 'GMT'):
                if data[i:i + 3].upper() == zn:
                    i += 3
                    break
            else:
                fail()
        elif d == '%':
            if i >= n or data[i] != '%':
                fail()
            i += 1
        else:
            if d in 'cxXUWwuGVe':
                raise ValueError("strptime directive '%%%s' is not supported by the embedded interpreter" % d)
            raise ValueError("'%s' is a bad directive in format '%s'" % (d, '%' + d))
    if i < n:
        raise ValueError('unconverted data remains: %s' % data[i:])
    h = vals['H']
    if pm is not None:
        if h > 12 or h == 0:
            fail()
        h = h % 12 + (12 if pm else 0)
    if 'j' in vals and vals['m'] == 1 and vals['d'] == 1:
        y, m, dd = _ord2ymd(_ymd2ord(vals['Y'], 1, 1) + vals['j'] - 1)
        vals['m'], vals['d'] = m, dd
    return cls(vals['Y'], vals['m'], vals['d'], h, vals['M'], vals['S'], vals['f'], tz)


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
    return _strftime(fmt, y, m, d, hh, mm, ss, 0, wd, yd, timedelta(0), 'UTC')


def _time_asctime(t):
    y, m, d, hh, mm, ss, wd, yd, dst = _time_fields(t)
    return '%s %s %2d %02d:%02d:%02d %d' % (_DAYNAMES[wd], _MONTHNAMES[m], d, hh, mm, ss, y)
