"""Secure hashes and message digests over the host's implementations."""

algorithms_guaranteed = {'blake2b', 'blake2s', 'md5', 'sha1', 'sha224', 'sha256', 'sha384',
                         'sha3_224', 'sha3_256', 'sha3_384', 'sha3_512', 'sha512',
                         'shake_128', 'shake_256'}
algorithms_available = algorithms_guaranteed | {'sha512_224', 'sha512_256'}

__all__ = ('md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha3_224', 'sha3_256',
           'sha3_384', 'sha3_512', 'shake_128', 'shake_256', 'blake2b', 'blake2s', 'new',
           'algorithms_guaranteed', 'algorithms_available', 'file_digest')


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


_missing = object()


class _SHAKE:
    """An extendable-output hash object (shake_128, shake_256): digest takes a length."""

    digest_size = 0

    def __init__(self, name, core):
        self.name = name
        self._update, self._digest, self._copy, self.block_size = core

    def update(self, data):
        """Update this hash object's state with the provided bytes."""
        self._update(_as_data(data))

    def digest(self, length=_missing):
        """Return the digest value as a bytes object."""
        return self._digest(_length('digest', length))

    def hexdigest(self, length=_missing):
        """Return the digest value as a string of hexadecimal digits."""
        return self._digest(_length('hexdigest', length)).hex()

    def copy(self):
        """Return a copy of the hash object."""
        return _SHAKE(self.name, self._copy())

    def __repr__(self):
        return '<%s _hashlib.HASHXOF object>' % self.name


def _length(method, length):
    if length is _missing:
        raise TypeError("%s() missing required argument 'length' (pos 1)" % method)
    if not isinstance(length, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(length).__name__)
    if length < 0:
        raise ValueError('length must be non-negative')
    return length


def _shake(name, data):
    h = _SHAKE(name, _shake_new(name))
    if data:
        h.update(data)
    elif not isinstance(data, bytes):
        _as_data(data)
    return h


def shake_128(string=b'', *, usedforsecurity=True):
    """Returns a shake_128 variable hash object; optionally initialized with a string"""
    return _shake('shake_128', string)


def shake_256(string=b'', *, usedforsecurity=True):
    """Returns a shake_256 variable hash object; optionally initialized with a string"""
    return _shake('shake_256', string)


class _BLAKE2(HASH):
    def copy(self):
        h = object.__new__(type(self))
        HASH.__init__(h, self.name, self._copy())
        return h

    def __repr__(self):
        return '<_blake2.%s object>' % self.name


def _byte_param(name, value, limit):
    if isinstance(value, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    value = _as_data(value) if value else b''
    if len(value) > limit:
        raise ValueError('maximum %s length is %d bytes' % (name, limit))
    return value


def _int_param(value):
    if not isinstance(value, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(value).__name__)
    return value


def _blake2(cls, name, data, digest_size, key, salt, person, fanout, depth, leaf_size,
            node_offset, node_depth, inner_size, last_node, max_digest, salt_size):
    digest_size = _int_param(digest_size)
    if not 1 <= digest_size <= max_digest:
        raise ValueError('digest_size must be between 1 and %d bytes' % max_digest)
    key = _byte_param('key', key, max_digest)
    salt = _byte_param('salt', salt, salt_size)
    person = _byte_param('person', person, salt_size)
    if not 0 <= _int_param(fanout) <= 255:
        raise ValueError('fanout must be between 0 and 255')
    if not 1 <= _int_param(depth) <= 255:
        raise ValueError('depth must be between 1 and 255')
    if _int_param(leaf_size) < 0 or _int_param(node_offset) < 0:
        raise ValueError('value must be positive')
    if leaf_size > 0xffffffff:
        raise OverflowError('leaf_size is too large')
    if node_offset > (0xffffffffffffffff if max_digest == 64 else 0xffffffffffff):
        raise OverflowError('node_offset is too large')
    if not 0 <= _int_param(node_depth) <= 255:
        raise ValueError('node_depth must be between 0 and 255')
    if not 0 <= _int_param(inner_size) <= max_digest:
        raise ValueError('inner_size must be between 0 and is %d' % max_digest)
    h = object.__new__(cls)
    HASH.__init__(h, name, _blake2_new(name, digest_size, key, salt, person, fanout, depth,
                                       leaf_size, node_offset, node_depth, inner_size,
                                       bool(last_node)))
    if data:
        h.update(data)
    elif not isinstance(data, bytes):
        _as_data(data)
    return h


class blake2b(_BLAKE2):
    """Return a new BLAKE2b hash object."""

    MAX_DIGEST_SIZE = 64
    MAX_KEY_SIZE = 64
    PERSON_SIZE = 16
    SALT_SIZE = 16

    def __new__(cls, data=b'', *, digest_size=64, key=b'', salt=b'', person=b'', fanout=1,
                depth=1, leaf_size=0, node_offset=0, node_depth=0, inner_size=0,
                last_node=False, usedforsecurity=True):
        return _blake2(cls, 'blake2b', data, digest_size, key, salt, person, fanout, depth,
                       leaf_size, node_offset, node_depth, inner_size, last_node, 64, 16)

    def __init__(self, *args, **kwargs):
        pass


class blake2s(_BLAKE2):
    """Return a new BLAKE2s hash object."""

    MAX_DIGEST_SIZE = 32
    MAX_KEY_SIZE = 32
    PERSON_SIZE = 8
    SALT_SIZE = 8

    def __new__(cls, data=b'', *, digest_size=32, key=b'', salt=b'', person=b'', fanout=1,
                depth=1, leaf_size=0, node_offset=0, node_depth=0, inner_size=0,
                last_node=False, usedforsecurity=True):
        return _blake2(cls, 'blake2s', data, digest_size, key, salt, person, fanout, depth,
                       leaf_size, node_offset, node_depth, inner_size, last_node, 32, 8)

    def __init__(self, *args, **kwargs):
        pass


_by_name = {'blake2b': blake2b, 'blake2s': blake2s, 'shake_128': shake_128,
            'shake_256': shake_256}


def new(name, data=b'', **kwargs):
    """Return a new hash object using the named algorithm."""
    if not isinstance(name, str):
        raise TypeError("new() argument 'name' must be str, not %s" % type(name).__name__)
    if name in _by_name:
        return _by_name[name](data, **kwargs)
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


def file_digest(fileobj, digest, /, *, _bufsize=2**18):
    """Hash the contents of a binary file object (io.BytesIO here: there are no files)."""
    if isinstance(digest, str):
        digestobj = new(digest)
    else:
        digestobj = digest()
    read = getattr(fileobj, 'read', None)
    readable = getattr(fileobj, 'readable', None)
    if read is None or (readable is not None and not readable()):
        raise ValueError("'%r' is not a file-like object in binary reading mode." % (fileobj,))
    while True:
        chunk = read(_bufsize)
        if not chunk:
            break
        digestobj.update(chunk)
    return digestobj
