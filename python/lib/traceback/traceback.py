"""Print or format exceptions as CPython's traceback module does."""

import sys

__all__ = ['format_exc', 'format_exception', 'format_exception_only', 'format_tb',
           'print_exc', 'print_exception', 'print_tb', 'TracebackException']

_sentinel = object()


def _some_str(value):
    try:
        return str(value)
    except Exception:
        return '<exception str() failed>'


def _type_name(etype):
    name = etype.__qualname__
    module = etype.__module__
    if module not in ('__main__', 'builtins') and isinstance(module, str):
        name = module + '.' + name
    return name


def _final_line(etype_name, valuestr):
    if not valuestr:
        return '%s\n' % etype_name
    return '%s: %s\n' % (etype_name, valuestr)


def _only(value):
    etype = type(value)
    name = _type_name(etype)
    if isinstance(value, SyntaxError):
        lines = []
        if value.lineno is not None:
            lines.append('  File "%s", line %d\n' % (value.filename or '<string>', value.lineno))
            if value.text is not None:
                lines.append('    %s\n' % value.text.strip())
        lines.append('%s: %s\n' % (name, value.msg or '<no detail available>'))
        return lines
    lines = [_final_line(name, _some_str(value))]
    notes = getattr(value, '__notes__', None)
    if notes is not None:
        if isinstance(notes, (list, tuple)):
            for note in notes:
                lines.append(note + '\n' if isinstance(note, str) else _some_str(note) + '\n')
        else:
            lines.append('<__notes__ repr() failed>\n')
    return lines


def _tb(value):
    if value is None or not isinstance(value, BaseException):
        return []
    return _tb_lines(value)


def _chain(value, chain):
    # Oldest exception first, each with the line that joins it to the next.
    out = []
    seen = set()
    while value is not None and id(value) not in seen:
        seen.add(id(value))
        lines = []
        tb = _tb(value)
        if tb:
            lines.append('Traceback (most recent call last):\n')
            lines.extend(tb)
        lines.extend(_only(value))
        out.append(lines)
        if not chain:
            break
        cause = value.__cause__
        context = value.__context__
        if cause is not None:
            out.append(['\nThe above exception was the direct cause of the following exception:\n\n'])
            value = cause
        elif context is not None and not value.__suppress_context__:
            out.append(['\nDuring handling of the above exception, another exception occurred:\n\n'])
            value = context
        else:
            value = None
    if out and len(out[-1]) == 1 and out[-1][0].startswith('\n'):
        out.pop()
    result = []
    for lines in reversed(out):
        result.extend(lines)
    return result


def _value_of(exc, value):
    if value is _sentinel:
        return exc
    return value


def format_exception_only(exc, /, value=_sentinel):
    """The last lines of a traceback for the exception: 'Type: message\\n'."""
    return _only(_value_of(exc, value))


def format_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, chain=True):
    """The lines CPython prints for an exception, with its chain and traceback."""
    return _chain(_value_of(exc, value), chain)


def format_exc(limit=None, chain=True):
    """format_exception of the exception being handled, as one string."""
    value = _handled()
    if value is None:
        return 'NoneType: None\n'
    return ''.join(_chain(value, chain))


def format_tb(tb, limit=None):
    """Frame lines of a traceback. Tracebacks here are the exception itself
    (exc.__traceback__ is None), so pass the exception."""
    return _tb(tb)


def print_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, file=None, chain=True):
    if file is None:
        file = sys.stderr
    for line in format_exception(exc, value, tb, limit, chain):
        print(line, file=file, end='')


def print_exc(limit=None, file=None, chain=True):
    if file is None:
        file = sys.stderr
    print(format_exc(limit, chain), file=file, end='')


def print_tb(tb, limit=None, file=None):
    if file is None:
        file = sys.stderr
    for line in format_tb(tb, limit):
        print(line, file=file, end='')


class TracebackException:
    """An exception captured for formatting (no frames or locals are kept)."""

    def __init__(self, exc_type, exc_value, exc_traceback, *, limit=None, lookup_lines=True,
                 capture_locals=False, compact=False, max_group_width=15, max_group_depth=10):
        self.exc_type = exc_type
        self._value = exc_value
        self._str = _some_str(exc_value)
        self.__cause__ = None
        self.__context__ = None
        self.__suppress_context__ = False
        if isinstance(exc_value, BaseException):
            if exc_value.__cause__ is not None:
                self.__cause__ = TracebackException.from_exception(exc_value.__cause__)
            if exc_value.__context__ is not None:
                self.__context__ = TracebackException.from_exception(exc_value.__context__)
            self.__suppress_context__ = exc_value.__suppress_context__
        if isinstance(exc_value, SyntaxError):
            self.filename = exc_value.filename
            self.lineno = exc_value.lineno
            self.text = exc_value.text
            self.offset = exc_value.offset
            self.msg = exc_value.msg

    @classmethod
    def from_exception(cls, exc, *args, **kwargs):
        return cls(type(exc), exc, None, *args, **kwargs)

    def __str__(self):
        return self._str

    def __eq__(self, other):
        if isinstance(other, TracebackException):
            return self.__dict__ == other.__dict__
        return NotImplemented

    def format_exception_only(self):
        if self.exc_type is None:
            yield _final_line(None, self._str)
            return
        for line in _only(self._value):
            yield line

    def format(self, *, chain=True):
        for line in _chain(self._value, chain):
            yield line
