"""Base16, Base32, Base64 (RFC 4648) data encodings."""

__all__ = ['encode', 'decode', 'encodebytes', 'decodebytes', 'b64encode', 'b64decode',
           'b32encode', 'b32decode', 'b32hexencode', 'b32hexdecode', 'b16encode',
           'b16decode', 'standard_b64encode', 'standard_b64decode',
           'urlsafe_b64encode', 'urlsafe_b64decode', 'a85encode', 'a85decode',
           'b85encode', 'b85decode']


import binascii


def _bytes_from_decode_data(s):
    if isinstance(s, str):
        try:
            return s.encode('ascii')
        except UnicodeEncodeError:
            raise ValueError('string argument should contain only ASCII characters')
    if isinstance(s, bytes):
        return s
    raise TypeError("argument should be a bytes-like object or ASCII "
                    "string, not %r" % s.__class__.__name__)


def _input_bytes(s):
    if isinstance(s, bytes):
        return s
    raise TypeError("a bytes-like object is required, not '%s'" % type(s).__name__)


def _translate(s, frm, to):
    table = dict(zip(frm, to))
    return bytes([table.get(c, c) for c in s])


def _rstrip_pad(s):
    n = len(s)
    while n and s[n - 1] == 61:
        n -= 1
    return s[:n]


def b64encode(s, altchars=None):
    """Encode the bytes-like object s using Base64 and return a bytes object."""
    encoded = _b2a_base64(_input_bytes(s))
    if altchars is not None:
        assert len(altchars) == 2, repr(altchars)
        return _translate(encoded, b'+/', altchars)
    return encoded


def b64decode(s, altchars=None, validate=False):
    """Decode the Base64 encoded bytes-like object or ASCII string s."""
    s = _bytes_from_decode_data(s)
    if altchars is not None:
        altchars = _bytes_from_decode_data(altchars)
        assert len(altchars) == 2, repr(altchars)
        s = _translate(s, altchars, b'+/')
    out, err = _a2b_base64(s, bool(validate))
    if err:
        raise binascii.Error(err)
    return out


def standard_b64encode(s):
    """Encode bytes-like object s using the standard Base64 alphabet."""
    return b64encode(s)


def standard_b64decode(s):
    """Decode bytes encoded with the standard Base64 alphabet."""
    return b64decode(s)


def urlsafe_b64encode(s):
    """Encode bytes using the URL- and filesystem-safe Base64 alphabet."""
    return _translate(b64encode(s), b'+/', b'-_')


def urlsafe_b64decode(s):
    """Decode bytes using the URL- and filesystem-safe Base64 alphabet."""
    s = _bytes_from_decode_data(s)
    s = _translate(s, b'-_', b'+/')
    return b64decode(s)


_B32 = b'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
_B32HEX = b'0123456789ABCDEFGHIJKLMNOPQRSTUV'


def _b32encode(alphabet, s):
    s = _input_bytes(s)
    leftover = len(s) % 5
    if leftover:
        s = s + b'\0' * (5 - leftover)
    encoded = []
    for i in range(0, len(s), 5):
        c = int.from_bytes(s[i:i + 5], 'big')
        for shift in (35, 30, 25, 20, 15, 10, 5, 0):
            encoded.append(alphabet[(c >> shift) & 31])
    encoded = bytes(encoded)
    if leftover == 1:
        encoded = encoded[:-6] + b'======'
    elif leftover == 2:
        encoded = encoded[:-4] + b'===='
    elif leftover == 3:
        encoded = encoded[:-3] + b'==='
    elif leftover == 4:
        encoded = encoded[:-1] + b'='
    return encoded


def _b32decode(alphabet, s, casefold=False, map01=None):
    s = _bytes_from_decode_data(s)
    if len(s) % 8:
        raise binascii.Error('Incorrect padding')
    if map01 is not None:
        map01 = _bytes_from_decode_data(map01)
        assert len(map01) == 1, repr(map01)
        s = _translate(s, b'01', b'O' + map01)
    if casefold:
        s = s.upper()
    l = len(s)
    s = _rstrip_pad(s)
    padchars = l - len(s)
    rev = {v: k for k, v in enumerate(alphabet)}
    decoded = []
    for i in range(0, len(s), 8):
        quanta = s[i: i + 8]
        acc = 0
        for c in quanta:
            if c not in rev:
                raise binascii.Error('Non-base32 digit found')
            acc = (acc << 5) + rev[c]
        acc <<= 5 * (8 - len(quanta))
        decoded.append(acc.to_bytes(5, 'big'))
    decoded = b''.join(decoded)
    if l % 8 or padchars not in (0, 1, 3, 4, 6):
        raise binascii.Error('Incorrect padding')
    if padchars and decoded:
        acc_bytes = (5 * (8 - padchars)) // 8
        decoded = decoded[:-(5 - acc_bytes)]
    return decoded


def b32encode(s):
    """Encode the bytes-like objects using base32 and return a bytes object."""
    return _b32encode(_B32, s)


def b32decode(s, casefold=False, map01=None):
    """Decode the base32 encoded bytes-like object or ASCII string s."""
    return _b32decode(_B32, s, casefold, map01)


def b32hexencode(s):
    """Encode the bytes-like objects using base32hex and return a bytes object."""
    return _b32encode(_B32HEX, s)


def b32hexdecode(s, casefold=False):
    """Decode the base32hex encoded bytes-like object or ASCII string s."""
    return _b32decode(_B32HEX, s, casefold)


def b16encode(s):
    """Encode the bytes-like object s using Base16 and return a bytes object."""
    return _input_bytes(s).hex().upper().encode()


def b16decode(s, casefold=False):
    """Decode the Base16 encoded bytes-like object or ASCII string s."""
    s = _bytes_from_decode_data(s)
    if casefold:
        s = s.upper()
    for c in s:
        if c not in b'0123456789ABCDEF':
            raise binascii.Error('Non-base16 digit found')
    if len(s) % 2:
        raise binascii.Error('Odd-length string')
    return bytes.fromhex(s.decode())


_A85START = b'<~'
_A85END = b'~>'
_B85ALPHABET = (b'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
                b'abcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~')
def _85encode(b, alphabet, pad=False, foldnuls=False, foldspaces=False):
    # Each big-endian 4-byte word becomes five base-85 digits, most significant
    # first; a short final word is zero-padded and its extra digits dropped.
    if not isinstance(b, (bytes, bytearray)):
        raise TypeError("memoryview: a bytes-like object is required, not '%s'" % type(b).__name__)
    b = bytes(b)
    padding = (-len(b)) % 4
    b = b + b'\0' * padding
    out = []
    for i in range(0, len(b), 4):
        word = (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]
        if foldnuls and word == 0:
            out.append(b'z')
        elif foldspaces and word == 0x20202020:
            out.append(b'y')
        else:
            digits = [0, 0, 0, 0, 0]
            for k in range(4, -1, -1):
                digits[k] = alphabet[word % 85]
                word //= 85
            out.append(bytes(digits))
    if padding and not pad:
        if out[-1] == b'z':
            out[-1] = bytes([alphabet[0]]) * 5
        out[-1] = out[-1][:-padding]
    return b''.join(out)


def _word(acc):
    return bytes([(acc >> 24) & 255, (acc >> 16) & 255, (acc >> 8) & 255, acc & 255])


def a85encode(b, *, foldspaces=False, wrapcol=0, pad=False, adobe=False):
    """Encode bytes-like object b using Ascii85 and return a bytes object."""
    result = _85encode(b, bytes(range(33, 118)), pad, True, foldspaces)
    if adobe:
        result = _A85START + result
    if wrapcol:
        wrapcol = max(2 if adobe else 1, wrapcol)
        chunks = [result[i: i + wrapcol] for i in range(0, len(result), wrapcol)]
        if adobe:
            if len(chunks[-1]) + 2 > wrapcol:
                chunks.append(b'')
        result = b'\n'.join(chunks)
    if adobe:
        result += _A85END
    return result


def a85decode(b, *, foldspaces=False, adobe=False, ignorechars=b' \t\n\r\v'):
    """Decode the Ascii85 encoded bytes-like object or ASCII string b."""
    b = _bytes_from_decode_data(b)
    if adobe:
        if not b.endswith(_A85END):
            raise ValueError('Ascii85 encoded byte sequences must end with %r' % (_A85END,))
        if b.startswith(_A85START):
            b = b[2:-2]
        else:
            b = b[:-2]
    decoded = []
    curr = []
    for x in b + b'u' * 4:
        if 33 <= x <= 117:
            curr.append(x)
            if len(curr) == 5:
                acc = 0
                for c in curr:
                    acc = 85 * acc + (c - 33)
                if acc > 0xffffffff:
                    raise ValueError('Ascii85 overflow')
                decoded.append(_word(acc))
                curr = []
        elif x == 122:
            if curr:
                raise ValueError('z inside Ascii85 5-tuple')
            decoded.append(b'\0\0\0\0')
        elif foldspaces and x == 121:
            if curr:
                raise ValueError('y inside Ascii85 5-tuple')
            decoded.append(b'    ')
        elif x in ignorechars:
            continue
        else:
            raise ValueError('Non-Ascii85 digit found: %c' % x)
    result = b''.join(decoded)
    padding = 4 - len(curr)
    if padding:
        result = result[:-padding]
    return result


def b85encode(b, pad=False):
    """Encode bytes-like object b in base85 format and return a bytes object."""
    return _85encode(b, _B85ALPHABET, pad)


def b85decode(b):
    """Decode the base85-encoded bytes-like object or ASCII string b."""
    table = [None] * 256
    for i, c in enumerate(_B85ALPHABET):
        table[c] = i
    b = _bytes_from_decode_data(b)
    padding = (-len(b)) % 5
    b = b + b'~' * padding
    out = []
    for i in range(0, len(b), 5):
        acc = 0
        for j in range(i, i + 5):
            v = table[b[j]]
            if v is None:
                raise ValueError('bad base85 character at position %d' % j)
            acc = acc * 85 + v
        if acc > 0xffffffff:
            raise ValueError('base85 overflow in hunk starting at byte %d' % i)
        out.append(_word(acc))
    result = b''.join(out)
    if padding:
        result = result[:-padding]
    return result


MAXLINESIZE = 76
MAXBINSIZE = (MAXLINESIZE // 4) * 3


def encodebytes(s):
    """Encode a bytestring into a bytes object containing multiple lines."""
    s = _input_bytes(s)
    pieces = []
    for i in range(0, len(s), MAXBINSIZE):
        chunk = s[i: i + MAXBINSIZE]
        pieces.append(_b2a_base64(chunk) + b'\n')
    return b''.join(pieces)


def decodebytes(s):
    """Decode a bytestring of base-64 data into a bytes object."""
    out, err = _a2b_base64(_input_bytes(s))
    if err:
        raise binascii.Error(err)
    return out
