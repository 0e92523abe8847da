"""posixpath: pure string manipulation of POSIX paths (what os.path does on Linux), with
no filesystem access: join, split, basename, dirname, splitext, normpath, isabs,
commonprefix, commonpath."""

sep = '/'
curdir = '.'
pardir = '..'
extsep = '.'


def _check(*args):
    for a in args:
        if not isinstance(a, str):
            raise TypeError("expected str, bytes or os.PathLike object, not %s" % type(a).__name__)


def isabs(s):
    _check(s)
    return s.startswith('/')


def join(a, *p):
    _check(a, *p)
    path = a
    for b in p:
        if b.startswith('/'):
            path = b
        elif not path or path.endswith('/'):
            path += b
        else:
            path += '/' + b
    return path


def split(p):
    _check(p)
    i = p.rfind('/') + 1
    head, tail = p[:i], p[i:]
    if head and head != '/' * len(head):
        head = head.rstrip('/')
    return head, tail


def basename(p):
    _check(p)
    return p[p.rfind('/') + 1:]


def dirname(p):
    _check(p)
    i = p.rfind('/') + 1
    head = p[:i]
    if head and head != '/' * len(head):
        head = head.rstrip('/')
    return head


def splitext(p):
    _check(p)
    sep_index = p.rfind('/')
    dot_index = p.rfind('.')
    if dot_index > sep_index:
        filename_index = sep_index + 1
        while filename_index < dot_index:
            if p[filename_index] != '.':
                return p[:dot_index], p[dot_index:]
            filename_index += 1
    return p, ''


def normpath(path):
    _check(path)
    if not path:
        return '.'
    initial_slashes = 2 if path.startswith('//') and not path.startswith('///') else (1 if path.startswith('/') else 0)
    comps = path.split('/')
    new_comps = []
    for comp in comps:
        if comp in ('', '.'):
            continue
        if comp != '..' or (not initial_slashes and not new_comps) or (new_comps and new_comps[-1] == '..'):
            new_comps.append(comp)
        elif new_comps:
            new_comps.pop()
    path = '/'.join(new_comps)
    if initial_slashes:
        path = '/' * initial_slashes + path
    return path or '.'


def _shared_head(items):
    # The longest leading part common to all items: the one shared by the smallest and
    # the largest in sort order is shared by everything between them.
    low, high = min(items), max(items)
    size = 0
    for mine, theirs in zip(low, high):
        if mine != theirs:
            break
        size += 1
    return low[:size]


def commonprefix(m):
    """The longest string (or list) prefix of every item of m, compared item by item."""
    if not m:
        return ''
    return _shared_head(m)


def commonpath(paths):
    if not paths:
        raise ValueError('commonpath() arg is an empty sequence')
    _check(*paths)
    split_paths = [p.split('/') for p in paths]
    isabs_ = {p.startswith('/') for p in paths}
    if len(isabs_) != 1:
        raise ValueError("Can't mix absolute and relative paths")
    split_paths = [[c for c in s if c and c != '.'] for s in split_paths]
    common = _shared_head(split_paths)
    prefix = '/' if paths[0].startswith('/') else ''
    return prefix + '/'.join(common)
