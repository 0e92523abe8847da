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
                text = note if isinstance(note, str) else _some_str(note)
                lines.extend(line + '\n' for line in text.split('\n'))
        else:
            lines.append('<__notes__ repr() failed>\n')
    return lines


def _tb(value):
    if value is None or not isinstance(value, (BaseException, _TracebackType)):
        return []
    return _tb_lines(value)


_CAUSE = '\nThe above exception was the direct cause of the following exception:\n\n'
_CONTEXT = '\nDuring handling of the above exception, another exception occurred:\n\n'
_GROUP_WIDTH = 15   # sub-exceptions shown per group
_GROUP_DEPTH = 10   # nested groups shown


class _Margins:
    # Where the lines of an exception group's tree go: behind the "| " margin
    # of each group that encloses them.
    def __init__(self):
        self.depth = 0
        self.need_close = False

    def indent(self):
        return '  ' * self.depth

    def emit(self, text, margin='|'):
        if not self.depth:
            return [text]
        prefix = self.indent() + margin + ' '
        return [''.join(prefix + line for line in text.splitlines(True))]


def _chain(value, chain, margins=None, seen=None):
    # Oldest exception first, each with the line that joins it to the next.
    if margins is None:
        margins = _Margins()
    if seen is None:
        seen = set()
    links = []  # (the separator after it, exception), newest first
    sep = None
    first = True
    while value is not None and (first or id(value) not in seen):
        first = False
        seen.add(id(value))
        links.append((sep, value))
        if not chain:
            break
        if value.__cause__ is not None:
            sep, value = _CAUSE, value.__cause__
        elif value.__context__ is not None and not value.__suppress_context__:
            sep, value = _CONTEXT, value.__context__
        else:
            value = None
    out = []
    for sep, exc in reversed(links):
        out.extend(_one(exc, chain, margins, seen))
        if sep is not None:
            out.extend(margins.emit(sep))
    return out


def _one(value, chain, margins, seen):
    # One exception: its traceback and last lines; a group's members framed
    # and numbered below it, as CPython draws them.
    if not isinstance(value, BaseExceptionGroup):
        lines = []
        tb = _tb(value)
        if tb:
            lines.append('Traceback (most recent call last):\n')
            lines.extend(tb)
        lines.extend(_only(value))
        return [x for line in lines for x in margins.emit(line)]
    if margins.depth > _GROUP_DEPTH:
        return margins.emit('... (max_group_depth is %d)\n' % _GROUP_DEPTH)
    out = []
    top = margins.depth == 0
    if top:
        margins.depth += 1
    tb = _tb(value)
    if tb:
        out.extend(margins.emit('Exception Group Traceback (most recent call last):\n', '+' if top else '|'))
        for line in tb:
            out.extend(margins.emit(line))
    for line in _only(value):
        out.extend(margins.emit(line))
    members = value.exceptions
    n = len(members) if len(members) <= _GROUP_WIDTH else _GROUP_WIDTH + 1
    margins.need_close = False
    for i in range(n):
        last = i == n - 1
        if last:
            margins.need_close = True
        title = str(i + 1) if i < _GROUP_WIDTH else '...'
        out.append(margins.indent() + ('+-' if i == 0 else '  ') + '+---------------- %s ----------------\n' % title)
        margins.depth += 1
        if i < _GROUP_WIDTH:
            out.extend(_chain(members[i], chain, margins, seen))
        else:
            more = len(members) - _GROUP_WIDTH
            out.extend(margins.emit('and %d more exception%s\n' % (more, 's' if more > 1 else '')))
        if last and margins.need_close:
            out.append(margins.indent() + '+------------------------------------\n')
            margins.need_close = False
        margins.depth -= 1
    if top:
        margins.depth = 0
    return out


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
    """Frame lines of a traceback object (exc.__traceback__), outermost first;
    an exception stands for its own traceback."""
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
