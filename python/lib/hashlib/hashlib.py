"""Secure hashes and message digests over the host's implementations."""

algorithms_guaranteed = {'md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512',
                         'sha3_224', 'sha3_256', 'sha3_384', 'sha3_512'}
algorithms_available = set(algorithms_guaranteed)

__all__ = ('md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha3_224', 'sha3_256',
           'sha3_384', 'sha3_512', 'new',
           'algorithms_guaranteed', 'algorithms_available')


def _as_data(data):
    if isinstance(data, str):
        raise TypeError('Strings must be encoded before hashing')
    if isinstance(data, bytes):
        return data
    if isinstance(data, (list, tuple, int, float, dict, set)) or data is None:
        raise TypeError("object supporting the buffer API required")
    return bytes(data)


class HASH:
    """A hash object (md5, sha1, sha256, ...)."""

    def __init__(self, name, core):
        self.name = name
        self._update, self._digest, self._copy, self.digest_size, self.block_size = core

    def update(self, data):
        """Update this hash object's state with the provided bytes."""
        self._update(_as_data(data))

    def digest(self):
        """Return the digest value as a bytes object."""
        return self._digest()

    def hexdigest(self):
        """Return the digest value as a string of hexadecimal digits."""
        return self._digest().hex()

    def copy(self):
        """Return a copy of the hash object."""
        return HASH(self.name, self._copy())

    def __repr__(self):
        return '<%s _hashlib.HASH object>' % self.name


def new(name, data=b'', **kwargs):
    """Return a new hash object using the named algorithm."""
    if not isinstance(name, str):
        raise TypeError("new() argument 'name' must be str, not %s" % type(name).__name__)
    key = name.lower()
    core = _hash_new(key)
    if core is None:
        raise ValueError('unsupported hash type ' + name)
    h = HASH(key, core)
    if data:
        h.update(data)
    elif data is not None and not isinstance(data, bytes):
        _as_data(data)
    return h


def md5(string=b'', *, usedforsecurity=True):
    """Returns a md5 hash object; optionally initialized with a string"""
    return new('md5', string)


def sha1(string=b'', *, usedforsecurity=True):
    """Returns a sha1 hash object; optionally initialized with a string"""
    return new('sha1', string)


def sha224(string=b'', *, usedforsecurity=True):
    """Returns a sha224 hash object; optionally initialized with a string"""
    return new('sha224', string)


def sha256(string=b'', *, usedforsecurity=True):
    """Returns a sha256 hash object; optionally initialized with a string"""
    return new('sha256', string)


def sha384(string=b'', *, usedforsecurity=True):
    """Returns a sha384 hash object; optionally initialized with a string"""
    return new('sha384', string)


def sha512(string=b'', *, usedforsecurity=True):
    """Returns a sha512 hash object; optionally initialized with a string"""
    return new('sha512', string)


def sha3_224(string=b'', *, usedforsecurity=True):
    """Returns a sha3_224 hash object; optionally initialized with a string"""
    return new('sha3_224', string)


def sha3_256(string=b'', *, usedforsecurity=True):
    """Returns a sha3_256 hash object; optionally initialized with a string"""
    return new('sha3_256', string)


def sha3_384(string=b'', *, usedforsecurity=True):
    """Returns a sha3_384 hash object; optionally initialized with a string"""
    return new('sha3_384', string)


def sha3_512(string=b'', *, usedforsecurity=True):
    """Returns a sha3_512 hash object; optionally initialized with a string"""
    return new('sha3_512', string)
