"""The safe subset of sys: version information, numeric limits and output writers."""


class _StructSeq(tuple):
    """A read-only named sequence (sys.version_info, float_info): a tuple
    subclass, as CPython's struct sequences are."""

    __slots__ = ()
    _name = ''
    _fields = ()

    def __new__(cls, values):
        return tuple.__new__(cls, values)

    def __setattr__(self, name, value):
        raise AttributeError('readonly attribute')

    def __getattr__(self, name):
        fields = type(self)._fields
        if name in fields:
            return tuple.__getitem__(self, fields.index(name))
        raise AttributeError("'%s' object has no attribute '%s'" % (self._name, name))

    def __repr__(self):
        return '%s(%s)' % (self._name, ', '.join('%s=%r' % (f, v) for f, v in zip(self._fields, self)))


class _VersionInfo(_StructSeq):
    _name = 'sys.version_info'
    _fields = ('major', 'minor', 'micro', 'releaselevel', 'serial')


class _FloatInfo(_StructSeq):
    _name = 'sys.float_info'
    _fields = ('max', 'max_exp', 'max_10_exp', 'min', 'min_exp', 'min_10_exp', 'dig',
               'mant_dig', 'epsilon', 'radix', 'rounds')


class _IntInfo(_StructSeq):
    _name = 'sys.int_info'
    _fields = ('bits_per_digit', 'sizeof_digit', 'default_max_str_digits', 'str_digits_check_threshold')


class _Writer:
    """sys.stdout and sys.stderr: the run's output and its stderr (two
    streams, each capped), as a CPython process's."""

    def __init__(self, name):
        self.name = name
        self.encoding = 'utf-8'

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError('write() argument must be str, not %s' % type(s).__name__)
        if self.name == 'stderr':
            _write_stderr(s)
        else:
            _write_stdout(s)
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def flush(self):
        pass

    def isatty(self):
        return False

    def __repr__(self):
        return "<%s>" % self.name


version_info = _VersionInfo((3, 11, 0, 'final', 0))
version = '3.11.0 (toolplane embedded interpreter)'
hexversion = 0x030b00f0
api_version = 1013
implementation_name = 'toolplane'
platform = 'toolplane'
byteorder = 'little'
maxsize = 9223372036854775807
maxunicode = 1114111
float_repr_style = 'short'


class _Implementation:
    """sys.implementation: this interpreter's name, and the version of the
    language it implements (cache_tag None: no module caching)."""

    def __init__(self):
        self.name = implementation_name
        self.cache_tag = None
        self.version = version_info
        self.hexversion = hexversion

    def __repr__(self):
        return 'namespace(name=%r, cache_tag=%r, version=%r, hexversion=%r)' % (
            self.name, self.cache_tag, self.version, self.hexversion)


implementation = _Implementation()
float_info = _FloatInfo((1.7976931348623157e+308, 1024, 308, 2.2250738585072014e-308, -1021,
                         -307, 15, 53, 2.220446049250313e-16, 2, 1))
int_info = _IntInfo((30, 4, 4300, 640))
stdout = _Writer('stdout')
stderr = _Writer('stderr')
__stdout__ = stdout
__stderr__ = stderr
_recursion_limit = [1000]


def getrecursionlimit():
    """Return the current value of the recursion limit."""
    return _recursion_limit[0]


def setrecursionlimit(limit):
    """Set the recursion limit (the embedded interpreter's own depth limit still applies)."""
    if not isinstance(limit, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(limit).__name__)
    if limit < 1:
        raise ValueError('recursion limit must be greater or equal than 1')
    _recursion_limit[0] = limit


def getdefaultencoding():
    return 'utf-8'


def intern(string):
    if not isinstance(string, str):
        raise TypeError("intern() argument must be str, not %s" % type(string).__name__)
    return string


def exit(status=None):
    """Exit the snippet by raising SystemExit: no arguments for None, a tuple's
    items as the arguments, else status itself (CPython's rule)."""
    if status is None:
        raise SystemExit
    if isinstance(status, tuple):
        raise SystemExit(*status)
    raise SystemExit(status)


def exc_info():
    """(type, value, traceback) of the exception being handled, else (None, None, None).
    The traceback object has tb_lineno and tb_next, not tb_frame: frames are not
    exposed to snippets."""
    value = _handled()
    if value is None:
        return (None, None, None)
    return (type(value), value, value.__traceback__)


def exception():
    """The exception being handled, else None."""
    return _handled()
