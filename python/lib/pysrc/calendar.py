"""calendar: month and weekday arithmetic (isleap, leapdays, weekday, monthrange,
monthcalendar, timegm, the name tables); the text calendars are not provided."""

import datetime as _dt

MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY = range(7)

day_name = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
day_abbr = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
month_name = ['', 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August',
              'September', 'October', 'November', 'December']
month_abbr = ['', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
mdays = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


class IllegalMonthError(ValueError):
    """A month number outside 1-12 (kept as .month)."""

    def __init__(self, month):
        super().__init__(month)
        self.month = month

    def __str__(self):
        return 'bad month number %r; must be 1-12' % self.month


class IllegalWeekdayError(ValueError):
    """A weekday number outside 0-6 (kept as .weekday)."""

    def __init__(self, weekday):
        super().__init__(weekday)
        self.weekday = weekday

    def __str__(self):
        return 'bad weekday number %r; must be 0 (Monday) to 6 (Sunday)' % self.weekday


_firstweekday = [0]


def firstweekday():
    return _firstweekday[0]


def setfirstweekday(firstweekday):
    if not MONDAY <= firstweekday <= SUNDAY:
        raise IllegalWeekdayError(firstweekday)
    _firstweekday[0] = firstweekday


def isleap(year):
    """True for leap years."""
    # Every fourth year, except centuries not divisible by 400.
    if year % 100 == 0:
        return year % 400 == 0
    return year % 4 == 0


def leapdays(y1, y2):
    """Number of leap years in range [y1, y2)."""
    def through(year):
        # Leap years from year 1 to year (inclusive; negative counts for year < 0).
        return year // 4 - year // 100 + year // 400
    return through(y2 - 1) - through(y1 - 1)


def weekday(year, month, day):
    """Day of the week (0 is Monday) of year (1-9999), month (1-12), day (1-31)."""
    if not _dt.MINYEAR <= year <= _dt.MAXYEAR:
        year = 2000 + year % 400
    return _dt.date(year, month, day).weekday()


def monthrange(year, month):
    """(weekday of the first day, number of days) of the month."""
    if month < 1 or month > 12:
        raise IllegalMonthError(month)
    length = mdays[month]
    if month == 2 and isleap(year):
        length += 1
    return weekday(year, month, 1), length


def monthcalendar(year, month):
    """The month as a list of weeks (lists of 7 day numbers, 0 outside the month)."""
    day1, ndays = monthrange(year, month)
    first = _firstweekday[0]
    offset = (day1 - first) % 7
    days = [0] * offset + list(range(1, ndays + 1))
    while len(days) % 7:
        days.append(0)
    return [days[i:i + 7] for i in range(0, len(days), 7)]


def timegm(tuple):
    """Seconds since the epoch of a UTC time tuple (the inverse of time.gmtime)."""
    year, month, day, hour, minute, second = tuple[:6]
    days = _dt.date(year, month, 1).toordinal() - _dt.date(1970, 1, 1).toordinal() + day - 1
    hours = days * 24 + hour
    minutes = hours * 60 + minute
    return minutes * 60 + second
