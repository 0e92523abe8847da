"""logging: loggers, levels, handlers and formatters. Like CPython, records go to
sys.stderr unless a handler says otherwise; the sandbox's sys.stderr writes into the
run's output, so log lines are visible to the caller. File handlers are absent."""

import sys
import time as _time

# The standard levels, lowest first, and their two aliases.
NOTSET, DEBUG, INFO, WARNING, ERROR, CRITICAL = 0, 10, 20, 30, 40, 50
WARN, FATAL = WARNING, CRITICAL

_levelToName = {CRITICAL: 'CRITICAL', ERROR: 'ERROR', WARNING: 'WARNING', INFO: 'INFO', DEBUG: 'DEBUG', NOTSET: 'NOTSET'}
_nameToLevel = {'CRITICAL': CRITICAL, 'FATAL': FATAL, 'ERROR': ERROR, 'WARN': WARNING, 'WARNING': WARNING,
                'INFO': INFO, 'DEBUG': DEBUG, 'NOTSET': NOTSET}

BASIC_FORMAT = '%(levelname)s:%(name)s:%(message)s'


def getLevelName(level):
    """The name of a numeric level or the number of a level name; 'Level %s' for
    anything unknown."""
    for table in (_levelToName, _nameToLevel):
        known = table.get(level)
        if known is not None:
            return known
    return 'Level %s' % level


def addLevelName(level, levelName):
    _levelToName[level] = levelName
    _nameToLevel[levelName] = level


def _checkLevel(level):
    if isinstance(level, int):
        return level
    if str(level) == level:
        if level not in _nameToLevel:
            raise ValueError('Unknown level: %r' % level)
        return _nameToLevel[level]
    raise TypeError('Level not an integer or a valid string: %r' % (level,))


class LogRecord:
    """One logged event."""

    def __init__(self, name, level, pathname, lineno, msg, args, exc_info, func=None, sinfo=None):
        ct = _time.time()
        self.name = name
        self.msg = msg
        if args and len(args) == 1 and isinstance(args[0], dict) and args[0]:
            args = args[0]
        self.args = args
        self.levelname = getLevelName(level)
        self.levelno = level
        self.pathname = pathname
        self.filename = pathname
        self.module = '<snippet>'
        self.exc_info = exc_info
        self.exc_text = None
        self.stack_info = sinfo
        self.lineno = lineno
        self.funcName = func
        self.created = ct
        self.msecs = int((ct - int(ct)) * 1000) + 0.0
        self.relativeCreated = 0.0
        self.thread = None
        self.threadName = 'MainThread'
        self.processName = 'MainProcess'
        self.process = None

    def getMessage(self):
        msg = str(self.msg)
        if self.args:
            msg = msg % self.args
        return msg

    def __repr__(self):
        return '<LogRecord: %s, %s, %s, %s, "%s">' % (self.name, self.levelno, self.pathname, self.lineno, self.msg)


class Formatter:
    """Turns a LogRecord into text: Formatter('%(asctime)s %(levelname)s %(message)s')."""

    default_time_format = '%Y-%m-%d %H:%M:%S'
    default_msec_format = '%s,%03d'

    def __init__(self, fmt=None, datefmt=None, style='%', validate=True, *, defaults=None):
        if style not in ('%', '{', '$'):
            raise ValueError('Style must be one of: %, {, $')
        if fmt is None:
            fmt = {'%': '%(message)s', '{': '{message}', '$': '${message}'}[style]
        self._fmt = fmt
        self._style = style
        self.datefmt = datefmt
        self._defaults = defaults or {}

    def usesTime(self):
        return {'%': '%(asctime)', '{': '{asctime', '$': '${asctime'}[self._style] in self._fmt or \
            (self._style == '$' and '$asctime' in self._fmt)

    def formatTime(self, record, datefmt=None):
        ct = _time.gmtime(record.created)
        if datefmt:
            return _time.strftime(datefmt, ct)
        s = _time.strftime(self.default_time_format, ct)
        return self.default_msec_format % (s, record.msecs)

    def formatException(self, ei):
        import traceback
        exc = ei[1] if isinstance(ei, tuple) else ei
        if exc is None:
            return 'NoneType: None'
        s = ''.join(traceback.format_exception(exc))
        return s[:-1] if s.endswith('\n') else s

    def formatMessage(self, record):
        values = dict(self._defaults)
        values.update(record.__dict__)
        if self._style == '%':
            return self._fmt % values
        if self._style == '{':
            return self._fmt.format(**values)
        from string import Template
        return Template(self._fmt).substitute(**values)

    def format(self, record):
        record.message = record.getMessage()
        if self.usesTime():
            record.asctime = self.formatTime(record, self.datefmt)
        text = self.formatMessage(record)
        # The traceback text is kept on the record, so other handlers reuse it.
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if not record.exc_text:
            return text
        if not text.endswith('\n'):
            text += '\n'
        return text + record.exc_text


_defaultFormatter = Formatter()


class Filter:
    def __init__(self, name=''):
        self.name = name

    def filter(self, record):
        if not self.name:
            return True
        return record.name == self.name or record.name.startswith(self.name + '.')


class Handler:
    """Base class of handlers: level, formatter, filters, emit()."""

    def __init__(self, level=NOTSET):
        self.level = _checkLevel(level)
        self.formatter = None
        self.filters = []
        self.name = None

    def setLevel(self, level):
        self.level = _checkLevel(level)

    def setFormatter(self, fmt):
        self.formatter = fmt

    def addFilter(self, f):
        if f not in self.filters:
            self.filters.append(f)

    def removeFilter(self, f):
        if f in self.filters:
            self.filters.remove(f)

    def filter(self, record):
        for f in self.filters:
            result = f.filter(record) if hasattr(f, 'filter') else f(record)
            if not result:
                return False
        return True

    def format(self, record):
        return (self.formatter or _defaultFormatter).format(record)

    def handle(self, record):
        if self.filter(record):
            self.emit(record)
        return True

    def emit(self, record):
        raise NotImplementedError('emit must be implemented by Handler subclasses')

    def flush(self):
        pass

    def close(self):
        pass


class StreamHandler(Handler):
    """Writes formatted records to a stream (sys.stderr by default)."""

    terminator = '\n'

    def __init__(self, stream=None):
        Handler.__init__(self)
        self.stream = sys.stderr if stream is None else stream

    def emit(self, record):
        self.stream.write(self.format(record) + self.terminator)

    def setStream(self, stream):
        old = self.stream
        self.stream = stream
        return old


class NullHandler(Handler):
    def handle(self, record):
        pass

    def emit(self, record):
        pass


class _LastResort(Handler):
    def __init__(self):
        Handler.__init__(self, WARNING)

    def emit(self, record):
        sys.stderr.write(self.format(record) + '\n')


lastResort = _LastResort()


class Logger:
    """A named channel: getLogger('app.db').info('connected to %s', host)."""

    def __init__(self, name, level=NOTSET):
        self.name = name
        self.parent = None
        self.handlers = []
        self.filters = []
        self.propagate = True
        self.disabled = False
        self.level = _checkLevel(level)

    def setLevel(self, level):
        self.level = _checkLevel(level)

    def getEffectiveLevel(self):
        """The first level set (non-zero) from this logger up to the root."""
        node = self
        while node is not None and not node.level:
            node = node.parent
        return NOTSET if node is None else node.level

    def isEnabledFor(self, level):
        if self.disabled or (_disable[0] and level <= _disable[0]):
            return False
        return level >= self.getEffectiveLevel()

    def addHandler(self, hdlr):
        if hdlr not in self.handlers:
            self.handlers.append(hdlr)

    def removeHandler(self, hdlr):
        if hdlr in self.handlers:
            self.handlers.remove(hdlr)

    def hasHandlers(self):
        c = self
        while c:
            if c.handlers:
                return True
            if not c.propagate:
                break
            c = c.parent
        return False

    def addFilter(self, f):
        if f not in self.filters:
            self.filters.append(f)

    def getChild(self, suffix):
        name = suffix if self is root else self.name + '.' + suffix
        return getLogger(name)

    def _log(self, level, msg, args, exc_info=None, extra=None, stack_info=False, stacklevel=1):
        if exc_info:
            if isinstance(exc_info, BaseException):
                exc_info = (type(exc_info), exc_info, None)
            elif not isinstance(exc_info, tuple):
                # The current exception, where the sandbox's sys can report it.
                getter = getattr(sys, 'exc_info', None)
                exc_info = getter() if getter is not None else None
        record = LogRecord(self.name, level, '<snippet>', 0, msg, args, exc_info)
        if extra:
            for k in extra:
                if k in ('message', 'asctime') or k in record.__dict__:
                    raise KeyError('Attempt to overwrite %r in LogRecord' % k)
                setattr(record, k, extra[k])
        for f in self.filters:
            if not (f.filter(record) if hasattr(f, 'filter') else f(record)):
                return
        found = 0
        c = self
        while c:
            for hdlr in c.handlers:
                found += 1
                if record.levelno >= hdlr.level:
                    hdlr.handle(record)
            if not c.propagate:
                break
            c = c.parent
        if not found and record.levelno >= lastResort.level:
            lastResort.handle(record)

    def log(self, level, msg, *args, **kwargs):
        if not isinstance(level, int):
            raise TypeError('level must be an integer')
        if self.isEnabledFor(level):
            self._log(level, msg, args, **kwargs)

    def debug(self, msg, *args, **kwargs):
        if self.isEnabledFor(DEBUG):
            self._log(DEBUG, msg, args, **kwargs)

    def info(self, msg, *args, **kwargs):
        if self.isEnabledFor(INFO):
            self._log(INFO, msg, args, **kwargs)

    def warning(self, msg, *args, **kwargs):
        if self.isEnabledFor(WARNING):
            self._log(WARNING, msg, args, **kwargs)

    warn = warning

    def error(self, msg, *args, **kwargs):
        if self.isEnabledFor(ERROR):
            self._log(ERROR, msg, args, **kwargs)

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.error(msg, *args, exc_info=exc_info, **kwargs)

    def critical(self, msg, *args, **kwargs):
        if self.isEnabledFor(CRITICAL):
            self._log(CRITICAL, msg, args, **kwargs)

    fatal = critical

    def __repr__(self):
        return '<%s %s (%s)>' % (self.__class__.__name__, self.name, getLevelName(self.getEffectiveLevel()))


class RootLogger(Logger):
    def __init__(self, level):
        Logger.__init__(self, 'root', level)

    def __repr__(self):
        return '<RootLogger root (%s)>' % getLevelName(self.getEffectiveLevel())


root = RootLogger(WARNING)
_loggers = {}
_disable = [0]


def getLogger(name=None):
    """The logger called name (the root logger for None or 'root')."""
    if not name or name == 'root':
        return root
    if not isinstance(name, str):
        raise TypeError('A logger name must be a string')
    logger = _loggers.get(name)
    if logger is None:
        logger = _loggers[name] = Logger(name)
        parent = root
        parts = name.split('.')
        for i in range(len(parts) - 1, 0, -1):
            p = _loggers.get('.'.join(parts[:i]))
            if p is not None:
                parent = p
                break
        logger.parent = parent
        for other in _loggers.values():
            if other is not logger and other.name.startswith(name + '.') and \
                    (other.parent is root or len(other.parent.name) < len(name)):
                other.parent = logger
    return logger


def basicConfig(**kwargs):
    """Configure the root logger once: level, format, datefmt, style, stream, handlers, force."""
    force = kwargs.pop('force', False)
    if force:
        for h in root.handlers[:]:
            root.removeHandler(h)
    if root.handlers:
        return
    handlers = kwargs.pop('handlers', None)
    stream = kwargs.pop('stream', None)
    if 'filename' in kwargs:
        raise ValueError('logging.basicConfig(filename=...) is not available: the sandbox has no filesystem')
    if handlers is None:
        handlers = [StreamHandler(stream)]
    elif stream is not None:
        raise ValueError("'stream' and 'handlers' should not be specified together")
    style = kwargs.pop('style', '%')
    fmt = kwargs.pop('format', {'%': BASIC_FORMAT, '{': '{levelname}:{name}:{message}', '$': '${levelname}:${name}:${message}'}[style])
    dfs = kwargs.pop('datefmt', None)
    formatter = Formatter(fmt, dfs, style)
    for h in handlers:
        if h.formatter is None:
            h.setFormatter(formatter)
        root.addHandler(h)
    level = kwargs.pop('level', None)
    if level is not None:
        root.setLevel(level)
    if kwargs:
        raise ValueError('Unrecognised argument(s): %s' % ', '.join(kwargs))


def disable(level=CRITICAL):
    _disable[0] = level


def _ensure_root():
    if not root.handlers:
        basicConfig()


def debug(msg, *args, **kwargs):
    _ensure_root()
    root.debug(msg, *args, **kwargs)


def info(msg, *args, **kwargs):
    _ensure_root()
    root.info(msg, *args, **kwargs)


def warning(msg, *args, **kwargs):
    _ensure_root()
    root.warning(msg, *args, **kwargs)


warn = warning


def error(msg, *args, **kwargs):
    _ensure_root()
    root.error(msg, *args, **kwargs)


def exception(msg, *args, exc_info=True, **kwargs):
    _ensure_root()
    root.error(msg, *args, exc_info=exc_info, **kwargs)


def critical(msg, *args, **kwargs):
    _ensure_root()
    root.critical(msg, *args, **kwargs)


fatal = critical


def log(level, msg, *args, **kwargs):
    _ensure_root()
    root.log(level, msg, *args, **kwargs)


def shutdown():
    pass
