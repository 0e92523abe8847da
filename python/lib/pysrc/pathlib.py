"""pathlib: pure POSIX path objects (PurePath, PurePosixPath, and Path/PosixPath for
their pure methods). The sandbox has no filesystem: methods that would touch it raise
OSError saying so; read and write files through a capability instead."""

import fnmatch as _fnmatch

_NO_FS = ('the embedded sandbox has no filesystem; call a capability instead, '
          'e.g. await call_tool(...)')


def _parse(args):
    parts = []
    for a in args:
        if isinstance(a, PurePath):
            s = a._str
        elif isinstance(a, str):
            s = a
        else:
            raise TypeError('argument should be a str or an os.PathLike object where __fspath__ returns a str, '
                            'not %r' % type(a).__name__)
        if s.startswith('/'):
            parts = [s]
        elif s:
            parts.append(s)
    path = '/'.join(parts)
    if not path:
        return '', []
    root = ''
    if path.startswith('/'):
        root = '//' if path.startswith('//') and not path.startswith('///') else '/'
    comps = [c for c in path.split('/') if c and c != '.']
    return root, comps


class PurePath:
    """A path as a string value: PurePath('a/b.txt').suffix == '.txt'."""

    def __new__(cls, *args):
        # PurePath() makes the flavour of the host, POSIX here.
        if cls is PurePath:
            cls = PurePosixPath
        return object.__new__(cls)

    __new__ = staticmethod(__new__)

    def __init__(self, *args):
        self._root, self._parts = _parse(args)
        body = '/'.join(self._parts)
        self._str = (self._root + body) or '.'

    @classmethod
    def _from(cls, root, parts):
        p = object.__new__(cls)
        p._root = root
        p._parts = list(parts)
        p._str = (root + '/'.join(parts)) or '.'
        return p

    def __str__(self):
        return self._str

    def __fspath__(self):
        return self._str

    def as_posix(self):
        return self._str

    def __repr__(self):
        return '%s(%r)' % (type(self).__name__, self._str)

    def __hash__(self):
        return hash(self._str)

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._str == other._str

    def _key(self, other):
        if not isinstance(other, PurePath):
            return None
        return (self._root, self._parts), (other._root, other._parts)

    def __lt__(self, other):
        k = self._key(other)
        return NotImplemented if k is None else k[0] < k[1]

    def __le__(self, other):
        k = self._key(other)
        return NotImplemented if k is None else k[0] <= k[1]

    def __gt__(self, other):
        k = self._key(other)
        return NotImplemented if k is None else k[0] > k[1]

    def __ge__(self, other):
        k = self._key(other)
        return NotImplemented if k is None else k[0] >= k[1]

    def __truediv__(self, key):
        try:
            return type(self)(self, key)
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return type(self)(key, self)
        except TypeError:
            return NotImplemented

    def joinpath(self, *args):
        return type(self)(self, *args)

    @property
    def parts(self):
        if self._root:
            return (self._root,) + tuple(self._parts)
        return tuple(self._parts)

    @property
    def drive(self):
        return ''

    @property
    def root(self):
        return self._root

    @property
    def anchor(self):
        return self._root

    @property
    def name(self):
        return self._parts[-1] if self._parts else ''

    @property
    def suffix(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[i:]
        return ''

    @property
    def suffixes(self):
        name = self.name
        if name.endswith('.'):
            return []
        name = name.lstrip('.')
        return ['.' + s for s in name.split('.')[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    @property
    def parent(self):
        if not self._parts:
            return self
        return type(self)._from(self._root, self._parts[:-1])

    @property
    def parents(self):
        out = []
        p = self
        while p._parts:
            p = p.parent
            out.append(p)
        return tuple(out)

    def is_absolute(self):
        return bool(self._root)

    def is_reserved(self):
        return False

    def with_name(self, name):
        if not self.name:
            raise ValueError('%r has an empty name' % (self,))
        if not name or '/' in name or name == '.':
            raise ValueError('Invalid name %r' % (name,))
        return type(self)._from(self._root, self._parts[:-1] + [name])

    def with_stem(self, stem):
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        if '/' in suffix or suffix and (not suffix.startswith('.') or suffix == '.'):
            raise ValueError('Invalid suffix %r' % (suffix,))
        name = self.name
        if not name:
            raise ValueError('%r has an empty name' % (self,))
        old = self.suffix
        name = (name[:-len(old)] if old else name) + suffix
        return type(self)._from(self._root, self._parts[:-1] + [name])

    def relative_to(self, other, *_deprecated, walk_up=False):
        other = type(self)(other, *_deprecated)
        n = len(other._parts)
        if self._root != other._root or self._parts[:n] != other._parts:
            raise ValueError('%r is not in the subpath of %r OR one path is relative and the other is absolute.'
                             % (self._str, other._str))
        return type(self)._from('', self._parts[n:])

    def is_relative_to(self, other, *_deprecated):
        try:
            self.relative_to(other, *_deprecated)
            return True
        except ValueError:
            return False

    def match(self, path_pattern):
        pat = type(self)(path_pattern)
        if not pat._parts:
            raise ValueError('empty pattern')
        if pat._root:
            if self._root != pat._root or len(self._parts) != len(pat._parts):
                return False
        elif len(pat._parts) > len(self._parts):
            return False
        for part, p in zip(reversed(self._parts), reversed(pat._parts)):
            if not _fnmatch.fnmatchcase(part, p):
                return False
        return True


class PurePosixPath(PurePath):
    """A pure POSIX path."""


def _no_fs(*args, **kwargs):
    raise OSError(_NO_FS)


class PosixPath(PurePosixPath):
    """Path's pure methods; anything that would read the filesystem raises OSError."""

    @classmethod
    def cwd(cls):
        _no_fs()

    @classmethod
    def home(cls):
        _no_fs()


for _name in ('exists', 'is_dir', 'is_file', 'is_symlink', 'stat', 'lstat', 'open', 'read_text',
              'read_bytes', 'write_text', 'write_bytes', 'iterdir', 'glob', 'rglob', 'mkdir', 'rmdir',
              'unlink', 'rename', 'replace', 'touch', 'resolve', 'absolute', 'expanduser', 'samefile',
              'owner', 'group', 'chmod', 'symlink_to', 'readlink', 'walk'):
    setattr(PosixPath, _name, _no_fs)

Path = PosixPath
