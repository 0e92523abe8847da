"""In-memory streams: StringIO and BytesIO. The sandbox has no files, so open() and
the file classes are absent."""


def _cargs(spec):
    """Marks a method of a type CPython writes in C with the argument parser C uses,
    so a wrong call fails in C's words (see __toolplane_cargs__ in the interpreter)."""
    def mark(f):
        f.__toolplane_cargs__ = spec
        return f
    return mark


__all__ = ['IOBase', 'TextIOBase', 'BufferedIOBase', 'RawIOBase', 'StringIO', 'BytesIO', 'SEEK_SET', 'SEEK_CUR', 'SEEK_END', 'UnsupportedOperation']

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2
DEFAULT_BUFFER_SIZE = 8192


class UnsupportedOperation(ValueError):
    pass


class IOBase:
    """The base class of the in-memory streams (there are no file streams here)."""


class TextIOBase(IOBase):
    """Base class for text streams."""


class BufferedIOBase(IOBase):
    """Base class for binary streams."""


RawIOBase = BufferedIOBase


class _MemoryIO:
    _empty = ''
    _nl = '\n'

    def __init__(self, initial):
        self._buf = initial
        self._tail = []
        self._len = len(initial)
        self._pos = 0
        self._closed = False
        self._lines = None
        self._lines_pos = -1

    def _flat(self):
        if self._tail:
            self._buf = self._buf + self._empty.join(self._tail)
            self._tail = []
        return self._buf

    _closed_msg = 'I/O operation on closed file'

    def _check(self):
        if self._closed:
            raise ValueError(self._closed_msg)

    @property
    def closed(self):
        return self._closed

    @_cargs('noargs:*')
    def close(self):
        self._closed = True
        self._tail = []

    def __enter__(self):
        self._check()
        return self

    def __exit__(self, *exc):
        self.close()

    @_cargs('noargs:*')
    def readable(self):
        self._check()
        return True

    @_cargs('noargs:*')
    def writable(self):
        self._check()
        return True

    @_cargs('noargs:*')
    def seekable(self):
        self._check()
        return True

    @_cargs('noargs:*')
    def flush(self):
        self._check()

    @_cargs('noargs:*')
    def isatty(self):
        self._check()
        return False

    @_cargs('noargs:*')
    def tell(self):
        self._check()
        return self._pos

    @_cargs('noargs:*')
    def getvalue(self):
        self._check()
        return self._flat()

    def _write(self, s):
        n = len(s)
        if not n:
            return 0
        self._lines = None
        if self._pos == self._len:
            # Appending (the common case) defers joining until a read or getvalue.
            self._tail.append(s)
        else:
            buf = self._flat()
            if self._pos > len(buf):
                buf = buf + self._pad * (self._pos - len(buf))
            self._buf = buf[:self._pos] + s + buf[self._pos + n:]
        self._pos += n
        self._len = max(self._len, self._pos)
        return n

    def writelines(self, lines):
        self._check()
        for line in lines:
            self.write(line)

    @_cargs('check:read')
    def read(self, size=-1):
        self._check()
        buf = self._flat()
        if size is None or size < 0:
            end = len(buf)
        else:
            end = min(len(buf), self._pos + size)
        if self._pos >= end:
            return self._empty
        out = buf[self._pos:end]
        self._pos = end
        return out

    def _find_nl(self, buf, pos):
        """The index of the next newline at or after pos, or -1. It searches growing
        windows, so reading a stream line by line stays linear in its length."""
        nl = self._nl
        step = 128
        n = len(buf)
        while pos < n:
            i = buf[pos:pos + step].find(nl)
            if i >= 0:
                return pos + i
            pos += step
            step *= 2
        return -1

    @_cargs('check:readline')
    def readline(self, size=-1):
        self._check()
        buf = self._flat()
        # self._len, not len(buf): the length of a str is not O(1) here.
        if self._pos >= self._len:
            return self._empty
        if size is None or size < 0:
            # Whole lines: split the rest once and hand the lines out, so reading a
            # stream line by line costs one pass over it.
            if self._lines is None or self._lines_pos != self._pos:
                parts = buf[self._pos:].split(self._nl)
                lines = [p + self._nl for p in parts[:-1]]
                if parts[-1]:
                    lines.append(parts[-1])
                self._lines = lines
                self._line_i = 0
            line = self._lines[self._line_i]
            self._line_i += 1
            self._pos += len(line)
            self._lines_pos = self._pos
            return line
        i = self._find_nl(buf, self._pos)
        end = len(buf) if i < 0 else i + 1
        end = min(end, self._pos + size)
        out = buf[self._pos:end]
        self._pos = end
        return out

    def readlines(self, hint=-1):
        self._check()
        lines = []
        total = 0
        while True:
            line = self.readline()
            if not line:
                break
            lines.append(line)
            total += len(line)
            if hint is not None and 0 < hint <= total:
                break
        return lines

    def truncate(self, size=None):
        self._check()
        buf = self._flat()
        if size is None:
            size = self._pos
        if size < 0:
            raise ValueError('Negative size value %d' % size)
        self._buf = buf[:size]
        self._len = len(self._buf)
        self._lines = None
        return size

    def __iter__(self):
        self._check()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line


class StringIO(_MemoryIO, TextIOBase):
    """Text I/O implementation using an in-memory buffer."""

    _empty = ''
    _pad = '\0'

    @_cargs('kw:StringIO')
    def __init__(self, initial_value='', newline='\n'):
        if newline is not None and not isinstance(newline, str):
            raise TypeError("newline must be str or None, not %s" % type(newline).__name__)
        if newline not in (None, '', '\n', '\r', '\r\n'):
            raise ValueError('illegal newline value: %r' % (newline,))
        if initial_value is None:
            initial_value = ''
        if not isinstance(initial_value, str):
            raise TypeError("initial_value must be str or None, not %s" % type(initial_value).__name__)
        self._newline = newline
        _MemoryIO.__init__(self, self._translate(initial_value))

    def _translate(self, s):
        if self._newline is None:
            return s.replace('\r\n', '\n').replace('\r', '\n')
        if self._newline in ('\r', '\r\n'):
            return s.replace('\n', self._newline)
        return s

    @_cargs('O')
    def write(self, s):
        """Write string to file. Returns the number of characters written."""
        self._check()
        if not isinstance(s, str):
            raise TypeError('string argument expected, got %r' % type(s).__name__)
        return self._write(self._translate(s))

    @_cargs('check:seek')
    def seek(self, pos, whence=0):
        """Change stream position."""
        self._check()
        if whence == 0:
            if pos < 0:
                raise ValueError('Negative seek position %d' % pos)
            self._pos = pos
        elif whence == 1:
            if pos != 0:
                raise OSError("Can't do nonzero cur-relative seeks")
        elif whence == 2:
            if pos != 0:
                raise OSError("Can't do nonzero end-relative seeks")
            self._pos = len(self._flat())
        else:
            raise ValueError('Invalid whence (%d, should be 0, 1 or 2)' % whence)
        return self._pos

    @property
    def line_buffering(self):
        return False

    @property
    def newlines(self):
        return None

    def __repr__(self):
        return '<_io.StringIO object>'


class BytesIO(_MemoryIO, BufferedIOBase):
    """Buffered I/O implementation using an in-memory bytes buffer."""

    _empty = b''
    _pad = b'\0'
    _closed_msg = 'I/O operation on closed file.'
    _nl = b'\n'

    def __init__(self, initial_bytes=b''):
        if initial_bytes is None:
            initial_bytes = b''
        _MemoryIO.__init__(self, bytes(initial_bytes))

    @_cargs('O')
    def write(self, b):
        """Write bytes to file. Return the number of bytes written."""
        self._check()
        if isinstance(b, str):
            raise TypeError("a bytes-like object is required, not 'str'")
        return self._write(bytes(b))

    def read1(self, size=-1):
        return self.read(size)

    def getbuffer(self):
        return self.getvalue()

    @_cargs('check:seek')
    def seek(self, pos, whence=0):
        """Change stream position."""
        self._check()
        if whence == 0:
            if pos < 0:
                raise ValueError('negative seek value %d' % pos)
            self._pos = pos
        elif whence == 1:
            self._pos = max(0, self._pos + pos)
        elif whence == 2:
            self._pos = max(0, len(self._flat()) + pos)
        else:
            raise ValueError('invalid whence (%d, should be 0, 1 or 2)' % whence)
        return self._pos

    def __repr__(self):
        return '<_io.BytesIO object>'
