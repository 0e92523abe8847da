"""warnings: the filter and warn API. CPython prints warnings to stderr, which the
sandbox does not capture, so warn() records nothing visible; catch_warnings(record=True)
collects them."""


class _Record:
    def __init__(self, message, category, filename='<snippet>', lineno=0):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno

    def __repr__(self):
        return '{message : %r, category : %r, filename : %r, lineno : %d, line : None}' % (
            self.message, self.category.__name__, self.filename, self.lineno)


_state = {'filters': [], 'log': None}


def warn(message, category=None, stacklevel=1, source=None):
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError('category must be a Warning subclass, not %r' % (type(category).__name__,))
    for action, cat in _state['filters']:
        if issubclass(category, cat):
            if action == 'ignore':
                return
            if action == 'error':
                raise message if isinstance(message, Warning) else category(message)
            break
    if _state['log'] is not None:
        msg = message if isinstance(message, Warning) else category(message)
        _state['log'].append(_Record(msg, category))


def filterwarnings(action, message='', category=Warning, module='', lineno=0, append=False):
    if action not in ('error', 'ignore', 'always', 'default', 'module', 'once'):
        raise AssertionError('invalid action: %r' % (action,))
    entry = (action, category)
    if append:
        _state['filters'].append(entry)
    else:
        _state['filters'].insert(0, entry)


def simplefilter(action, category=Warning, lineno=0, append=False):
    filterwarnings(action, category=category, append=append)


def resetwarnings():
    _state['filters'][:] = []


class catch_warnings:
    """Saves and restores the filters; with record=True, collects the warnings."""

    def __init__(self, *, record=False, module=None, action=None, category=Warning, lineno=0, append=False):
        self._record = record
        self._action = action
        self._category = category

    def __enter__(self):
        self._saved = (list(_state['filters']), _state['log'])
        if self._action is not None:
            simplefilter(self._action, self._category)
        if self._record:
            _state['log'] = []
            return _state['log']
        return None

    def __exit__(self, *exc_info):
        _state['filters'][:] = self._saved[0]
        _state['log'] = self._saved[1]
