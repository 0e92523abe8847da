"""Pack values into C structs as bytes and unpack them (CPython's struct)."""

__all__ = ['calcsize', 'pack', 'pack_into', 'unpack', 'unpack_from', 'iter_unpack',
           'Struct', 'error']


class error(Exception):
    pass


# code: (native size, standard size or None when the code is native-only)
_SIZES = {
    'x': (1, 1), 'c': (1, 1), 'b': (1, 1), 'B': (1, 1), '?': (1, 1), 'h': (2, 2), 'H': (2, 2),
    'i': (4, 4), 'I': (4, 4), 'l': (8, 4), 'L': (8, 4), 'q': (8, 8), 'Q': (8, 8), 'n': (8, None),
    'N': (8, None), 'P': (8, None), 'e': (2, 2), 'f': (4, 4), 'd': (8, 8), 's': (1, 1), 'p': (1, 1),
}
_LONG_MIN = -(1 << 63)
_LONG_MAX = (1 << 63) - 1
_ULONG_MAX = (1 << 64) - 1
_NAMED = {'b': ('byte', -128, 127), 'B': ('ubyte', 0, 255), 'h': ('short', -32768, 32767),
          'H': ('ushort', 0, 65535)}


def _int_check(code, order, size, v):
    # The message depends on the code, the byte order and how far out v is, as in
    # CPython's _struct.c.
    out = error('argument out of range')
    if order in '>!' and code in 'qQ':
        lo, hi = (-(1 << 63), (1 << 63) - 1) if code == 'q' else (0, _ULONG_MAX)
        if not lo <= v <= hi:
            raise error('int too large to convert')
        return
    if code in 'bBhH':
        name, lo, hi = _NAMED[code]
        if not _LONG_MIN <= v <= _LONG_MAX:
            if order in '>!' and code == 'H' and v > 0 and v <= _ULONG_MAX:
                raise error("'H' format requires 0 <= number <= 65535")
            raise out
        if order in '>!' and code == 'H' and v < 0:
            raise out
        if not lo <= v <= hi:
            if order in '>!' and code in 'hH':
                raise error("'%s' format requires %d <= number <= %d" % (code, lo, hi))
            raise error('%s format requires %d <= number <= %d' % (name, lo, hi))
        return
    signed = code in 'ilqn'
    bits = size * 8
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    if lo <= v <= hi:
        return
    if order == '@' and code not in 'iI':
        raise out
    if code in 'il':
        if not _LONG_MIN <= v <= _LONG_MAX:
            raise out
        raise error("'%s' format requires %d <= number <= %d" % (code, lo, hi))
    if code in 'IL':
        if v < 0 or v > _ULONG_MAX:
            raise out
        raise error("'%s' format requires 0 <= number <= %d" % (code, hi))
    raise out


def _index(v):
    if isinstance(v, int):
        return int(v)
    index = getattr(type(v), '__index__', None)
    if index is None:
        raise error('required argument is not an integer')
    return index(v)


class Struct:
    """A compiled struct format: Struct('<hhl').pack(1, 2, 3)."""

    def __init__(self, format):
        if isinstance(format, (bytes, bytearray)):
            format = bytes(format).decode('ascii')
        elif not isinstance(format, str):
            raise TypeError('Struct() argument 1 must be a str or bytes object, not %s'
                            % type(format).__name__)
        self.format = format
        order = '@'
        body = format
        if body and body[0] in '@=<>!':
            order, body = body[0], body[1:]
        self._order = order
        self._little = order in '@=<'
        items = []
        offset = 0
        i = 0
        n = len(body)
        while i < n:
            c = body[i]
            if c.isspace():
                i += 1
                continue
            count = 1
            if c.isdigit():
                j = i
                while j < n and body[j].isdigit():
                    j += 1
                count = int(body[i:j])
                if j >= n:
                    raise error('repeat count given without format specifier')
                i = j
                c = body[i]
            sizes = _SIZES.get(c)
            if sizes is None or (order != '@' and sizes[1] is None):
                raise error('bad char in struct format')
            size = sizes[0] if order == '@' else sizes[1]
            if order == '@' and size > 1:
                offset = (offset + size - 1) // size * size
            if c in 'sp':
                items.append((c, count, offset))
                offset += count
            elif c == 'x':
                offset += count
            else:
                for _ in range(count):
                    items.append((c, size, offset))
                    offset += size
            i += 1
        self._items = items
        self.size = offset

    def __repr__(self):
        return 'Struct(%r)' % (self.format,)

    def pack(self, *values):
        if len(values) != len(self._items):
            raise error('pack expected %d items for packing (got %d)' % (len(self._items), len(values)))
        chunks = []
        pos = 0
        byteorder = 'little' if self._little else 'big'
        for (code, size, offset), v in zip(self._items, values):
            if code in 'sp':
                if not isinstance(v, (bytes, bytearray)):
                    raise error("argument for '%s' must be a bytes object" % code)
                if code == 's':
                    data = bytes(v[:size])
                elif size > 0:
                    n = min(len(v), size - 1, 255)
                    data = bytes([n]) + bytes(v[:size - 1])
                else:
                    data = b''
            elif code == 'c':
                if not isinstance(v, (bytes, bytearray)) or len(v) != 1:
                    raise error('char format requires a bytes object of length 1')
                data = bytes(v)
            elif code == '?':
                data = b'\x01' if v else b'\x00'
            elif code in 'efd':
                if isinstance(v, (int, float)):
                    x = float(v)
                elif hasattr(type(v), '__float__'):
                    x = type(v).__float__(v)
                else:
                    raise error('required argument is not a float')
                data = _pack_float(x, size, self._little, self._order != '@' or code == 'e')
            else:
                v = _index(v)
                _int_check(code, self._order, size, v)
                data = v.to_bytes(size, byteorder, signed=code in 'bhilqn')
            if offset > pos:
                chunks.append(bytes(offset - pos))
            chunks.append(data)
            pos = offset + len(data)
        if self.size > pos:
            chunks.append(bytes(self.size - pos))
        return b''.join(chunks)

    def _unpack_at(self, data, base):
        byteorder = 'little' if self._little else 'big'
        values = []
        for code, size, offset in self._items:
            start = base + offset
            if code == 's':
                values.append(bytes(data[start:start + size]))
            elif code == 'p':
                if size == 0:
                    values.append(b'')
                    continue
                n = min(data[start], size - 1)
                values.append(bytes(data[start + 1:start + 1 + n]))
            elif code == 'c':
                values.append(bytes(data[start:start + 1]))
            elif code == '?':
                values.append(data[start] != 0)
            elif code in 'efd':
                values.append(_unpack_float(bytes(data[start:start + size]), self._little))
            else:
                values.append(int.from_bytes(data[start:start + size], byteorder, signed=code in 'bhilqn'))
        return tuple(values)

    def unpack(self, buffer):
        data = _buffer(buffer)
        if len(data) != self.size:
            raise error('unpack requires a buffer of %d bytes' % self.size)
        return self._unpack_at(data, 0)

    def unpack_from(self, buffer, offset=0):
        data = _buffer(buffer)
        offset = _index(offset)
        if offset < 0:
            if offset + len(data) < 0:
                raise error('offset %d out of range for %d-byte buffer' % (offset, len(data)))
            offset += len(data)
        if len(data) - offset < self.size:
            raise error('unpack_from requires a buffer of at least %d bytes for unpacking %d bytes '
                        'at offset %d (actual buffer size is %d)'
                        % (self.size + offset, self.size, offset, len(data)))
        return self._unpack_at(data, offset)

    def iter_unpack(self, buffer):
        data = _buffer(buffer)
        if self.size == 0:
            raise error('cannot iteratively unpack with a struct of length 0')
        if len(data) % self.size:
            raise error('iterative unpacking requires a buffer of a multiple of %d bytes' % self.size)
        return (self._unpack_at(data, i) for i in range(0, len(data), self.size))

    def pack_into(self, buffer, offset, *values):
        data = self.pack(*values)
        if not isinstance(buffer, bytearray):
            raise TypeError('argument must be read-write bytes-like object, not %s' % type(buffer).__name__)
        offset = _index(offset)
        if offset < 0:
            if offset + len(buffer) < 0:
                raise error('offset %d out of range for %d-byte buffer' % (offset, len(buffer)))
            offset += len(buffer)
        if len(buffer) - offset < self.size:
            raise error('pack_into requires a buffer of at least %d bytes for packing %d bytes at '
                        'offset %d (actual buffer size is %d)'
                        % (self.size + offset, self.size, offset, len(buffer)))
        for k, b in enumerate(data):
            buffer[offset + k] = b


def _buffer(buffer):
    if isinstance(buffer, (bytes, bytearray)):
        return buffer
    raise TypeError("a bytes-like object is required, not '%s'" % type(buffer).__name__)


_cache = {}


def _struct(fmt):
    s = _cache.get(fmt) if isinstance(fmt, (str, bytes)) else None
    if s is None:
        s = Struct(fmt)
        if len(_cache) > 100:
            _cache.clear()
        _cache[fmt] = s
    return s


def calcsize(format, /):
    """Return the size of the struct (and of the bytes pack produces) for format."""
    return _struct(format).size


def pack(format, /, *values):
    """Return bytes containing values packed according to format."""
    return _struct(format).pack(*values)


def pack_into(format, buffer, offset, /, *values):
    """Pack values according to format into the writable buffer at offset."""
    _struct(format).pack_into(buffer, offset, *values)


def unpack(format, buffer, /):
    """Unpack buffer (exactly calcsize(format) bytes) into a tuple."""
    return _struct(format).unpack(buffer)


def unpack_from(format, /, buffer, offset=0):
    """Unpack from buffer starting at offset into a tuple."""
    return _struct(format).unpack_from(buffer, offset)


def iter_unpack(format, buffer):
    """Iterate over buffer in calcsize(format)-byte chunks, unpacking each."""
    return _struct(format).iter_unpack(buffer)
