"""IANA time zones as datetime.tzinfo objects (CPython's zoneinfo, over Go natives)."""

from datetime import tzinfo, timedelta, datetime

__all__ = ['ZoneInfo', 'reset_tzpath', 'available_timezones', 'TZPATH',
           'ZoneInfoNotFoundError', 'InvalidTZPathWarning']

# The database is the host's, else the copy built into the interpreter; there is no
# search path a snippet could change.
TZPATH = ()


class ZoneInfoNotFoundError(KeyError):
    """Exception raised when a ZoneInfo key is not found."""


ZoneInfoNotFoundError.__module__ = 'zoneinfo._common'


class InvalidTZPathWarning(RuntimeWarning):
    """Warning raised if an invalid path is specified in PYTHONTZPATH."""


InvalidTZPathWarning.__module__ = 'zoneinfo._tzpath'


def reset_tzpath(to=None):
    raise NotImplementedError('the embedded interpreter has no time zone search path to reset')


def available_timezones():
    raise NotImplementedError('available_timezones() is not provided by the embedded interpreter; '
                              'pass a known key such as "Europe/Paris" to ZoneInfo')


def _normpath(path):
    parts = []
    for part in path.split('/'):
        if part in ('', '.'):
            continue
        if part == '..' and parts and parts[-1] != '..':
            parts.pop()
        else:
            parts.append(part)
    return '/'.join(parts) or '.'


def _validate_key(key):
    if isinstance(key, bytes):
        raise TypeError("Can't mix strings and bytes in path components")
    if not isinstance(key, str):
        raise TypeError('expected str, bytes or os.PathLike object, not %s' % type(key).__name__)
    if key.startswith('/'):
        raise ValueError('ZoneInfo keys may not be absolute paths, got: %s' % key)
    normalized = _normpath(key)
    if len(normalized) != len(key):
        raise ValueError('ZoneInfo keys must be normalized relative paths, got: %s' % key)
    if normalized == '..' or normalized.startswith('../'):
        raise ValueError('ZoneInfo keys must refer to subdirectories of TZPATH, got: %s' % key)


_cache = {}


class ZoneInfo(tzinfo):
    """A time zone of the IANA database: ZoneInfo("Europe/Paris")."""

    def __new__(cls, key):
        cached = _cache.get((cls, key)) if isinstance(key, str) else None
        if cached is not None:
            return cached
        zone = cls.no_cache(key)
        _cache[(cls, key)] = zone
        return zone

    def __init__(self, key):
        pass

    @classmethod
    def no_cache(cls, key):
        _validate_key(key)
        if not _load(key):
            raise ZoneInfoNotFoundError('No time zone found with key %s' % key)
        zone = object.__new__(cls)
        zone._key = key
        return zone

    @classmethod
    def from_file(cls, fobj, /, key=None):
        raise NotImplementedError('ZoneInfo.from_file is not provided by the embedded interpreter '
                                  '(there are no files); use ZoneInfo(key)')

    @classmethod
    def clear_cache(cls, *, only_keys=None):
        for k in list(_cache):
            if k[0] is cls and (only_keys is None or k[1] in only_keys):
                del _cache[k]

    @property
    def key(self):
        return self._key

    def __repr__(self):
        return '%s(key=%r)' % (_class_name(type(self)), self._key)

    def __str__(self):
        return self._key

    def __reduce__(self):
        return (type(self)._unpickle, (self._key, 1))

    @classmethod
    def _unpickle(cls, key, from_cache):
        return cls(key) if from_cache else cls.no_cache(key)

    def _fields(self, dt):
        if dt is None:
            return _fixed(self._key)
        if not isinstance(dt, datetime):
            if hasattr(dt, 'hour') and not hasattr(dt, 'toordinal'):
                return None
            dt.toordinal()
        return _local(self._key, dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.fold)

    def utcoffset(self, dt):
        f = self._fields(dt)
        return None if f is None else timedelta(seconds=f[0])

    def dst(self, dt):
        f = self._fields(dt)
        return None if f is None else timedelta(seconds=f[1])

    def tzname(self, dt):
        f = self._fields(dt)
        return None if f is None else f[2]

    def fromutc(self, dt):
        if not isinstance(dt, datetime):
            raise TypeError('fromutc: argument must be a datetime')
        if dt.tzinfo is not self:
            raise ValueError('fromutc: dt.tzinfo is not self')
        offset, fold = _fromutc(self._key, dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second)
        return (dt + timedelta(seconds=offset)).replace(fold=fold)


def _class_name(cls):
    if cls.__module__ == 'zoneinfo' and cls.__name__ == 'ZoneInfo':
        return 'zoneinfo.ZoneInfo'
    return cls.__qualname__


ZoneInfo.__module__ = 'zoneinfo'
