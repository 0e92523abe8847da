"""Conversions between binary data and ASCII: hex, base64, CRC-32, CRC-CCITT."""


class Error(ValueError):
    pass


class Incomplete(Exception):
    pass


def _data(name, data):
    if isinstance(data, (bytes, bytearray)):
        return bytes(data)
    raise TypeError("a bytes-like object is required, not '%s'" % type(data).__name__)


def _ascii_data(data):
    if isinstance(data, str):
        try:
            return data.encode('ascii')
        except UnicodeEncodeError:
            raise ValueError('string argument should contain only ASCII characters')
    if isinstance(data, (bytes, bytearray)):
        return bytes(data)
    raise TypeError("argument should be bytes, buffer or ASCII string, not '%s'" % type(data).__name__)


def b2a_hex(data, sep=None, bytes_per_sep=1):
    data = _data('b2a_hex', data)
    if sep is None:
        return data.hex().encode('ascii')
    if isinstance(sep, str):
        sep = sep.encode('ascii')
    if len(sep) != 1:
        raise ValueError('sep must be length 1.')
    if not data or bytes_per_sep == 0:
        return data.hex().encode('ascii')
    n = abs(bytes_per_sep)
    if bytes_per_sep > 0:
        # Groups are counted from the right.
        first = len(data) % n or n
        groups = [data[:first]] + [data[i:i + n] for i in range(first, len(data), n)]
    else:
        groups = [data[i:i + n] for i in range(0, len(data), n)]
    return sep.join(g.hex().encode('ascii') for g in groups)


hexlify = b2a_hex


def a2b_hex(hexstr):
    s = _ascii_data(hexstr)
    if len(s) % 2:
        raise Error('Odd-length string')
    digits = b'0123456789abcdefABCDEF'
    for c in s:
        if c not in digits:
            raise Error('Non-hexadecimal digit found')
    return bytes.fromhex(s.decode('ascii'))


unhexlify = a2b_hex


def b2a_base64(data, *, newline=True):
    out = _b2a_base64(_data('b2a_base64', data))
    return out + b'\n' if newline else out


def a2b_base64(data, *, strict_mode=False):
    out, err = _a2b_base64(_ascii_data(data), bool(strict_mode))
    if err:
        raise Error(err)
    return out


def crc32(data, crc=0):
    return _crc32(_data('crc32', data), crc & 0xffffffff)


def crc_hqx(data, crc):
    crc &= 0xffff
    for b in _data('crc_hqx', data):
        crc ^= b << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xffff if crc & 0x8000 else (crc << 1) & 0xffff
    return crc
