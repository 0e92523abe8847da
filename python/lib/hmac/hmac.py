"""HMAC (Keyed-Hashing for Message Authentication) module."""

import hashlib as _hashlib

digest_size = None

__all__ = ['HMAC', 'new', 'digest', 'compare_digest']


def _digest_cons(digestmod):
    if callable(digestmod):
        return digestmod
    if isinstance(digestmod, str):
        return lambda d=b'': _hashlib.new(digestmod, d)
    return lambda d=b'': digestmod.new(d)


def _check_bytes(v, what):
    if not isinstance(v, bytes):
        raise TypeError("%s: expected bytes or bytearray, but got '%s'" % (what, type(v).__name__))


class HMAC:
    """RFC 2104 HMAC class."""

    blocksize = 64

    def __init__(self, key, msg=None, digestmod=''):
        if not isinstance(key, bytes):
            raise TypeError("key: expected bytes or bytearray, but got %r" % type(key).__name__)
        if not digestmod:
            raise TypeError("Missing required parameter 'digestmod'.")
        cons = _digest_cons(digestmod)
        self._outer = cons()
        self._inner = cons()
        self.digest_size = self._inner.digest_size
        blocksize = self._inner.block_size
        if len(key) > blocksize:
            key = cons(key).digest()
        self.block_size = blocksize
        key = key + b'\x00' * (blocksize - len(key))
        self._outer.update(bytes([x ^ 0x5C for x in key]))
        self._inner.update(bytes([x ^ 0x36 for x in key]))
        if msg is not None:
            self.update(msg)

    @property
    def name(self):
        return "hmac-" + self._inner.name

    def update(self, msg):
        """Feed data from msg into this hashing object."""
        self._inner.update(msg)

    def copy(self):
        """Return a separate copy of this hashing object."""
        other = HMAC.__new__(HMAC)
        other.digest_size = self.digest_size
        other.block_size = self.block_size
        other._inner = self._inner.copy()
        other._outer = self._outer.copy()
        return other

    def _current(self):
        h = self._outer.copy()
        h.update(self._inner.digest())
        return h

    def digest(self):
        """Return the hash value of this hashing object."""
        return self._current().digest()

    def hexdigest(self):
        """Like digest(), but returns a string of hexadecimal digits instead."""
        return self._current().hexdigest()


def new(key, msg=None, digestmod=''):
    """Create a new hashing object and return it."""
    return HMAC(key, msg, digestmod)


def digest(key, msg, digest):
    """Fast inline implementation of HMAC."""
    return HMAC(key, msg, digest).digest()


def compare_digest(a, b):
    """Return 'a == b' without leaking timing information about the contents."""
    if isinstance(a, str) and isinstance(b, str):
        if not a.isascii() or not b.isascii():
            raise TypeError("comparing strings with non-ASCII characters is not supported")
        a = a.encode()
        b = b.encode()
    elif isinstance(a, str) or isinstance(b, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    elif not (isinstance(a, bytes) and isinstance(b, bytes)):
        raise TypeError("unsupported operand types(s) or combination of types: '%s' and '%s'"
                        % (type(a).__name__, type(b).__name__))
    result = len(a) ^ len(b)
    if len(a) == len(b):
        for x, y in zip(a, b):
            result |= x ^ y
    return result == 0
