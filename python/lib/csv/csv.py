"""CSV parsing and writing over iterables of strings and file-like objects (io.StringIO).

The reader is CPython's _csv state machine (in Go: _read_record); the writer follows
its quoting rules.
"""

__all__ = ["QUOTE_MINIMAL", "QUOTE_ALL", "QUOTE_NONNUMERIC", "QUOTE_NONE", "Error",
           "Dialect", "excel", "excel_tab", "field_size_limit", "reader", "writer",
           "register_dialect", "get_dialect", "list_dialects", "Sniffer",
           "unregister_dialect", "DictReader", "DictWriter", "unix_dialect"]

QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE = range(4)
__version__ = "1.0"


class Error(Exception):
    pass


Error.__module__ = '_csv'

_field_limit = [128 * 1024]


def field_size_limit(*args):
    """Sets an upper limit on parsed fields."""
    old = _field_limit[0]
    if args:
        if len(args) > 1:
            raise TypeError('field_size_limit expected at most 1 argument, got %d' % len(args))
        if not isinstance(args[0], int):
            raise TypeError('limit must be an integer')
        _field_limit[0] = args[0]
    return old


class Dialect:
    """Describe a CSV dialect."""
    _name = ""
    _valid = False
    delimiter = None
    quotechar = None
    escapechar = None
    doublequote = None
    skipinitialspace = None
    lineterminator = None
    quoting = None


class excel(Dialect):
    """Describe the usual properties of Excel-generated CSV files."""
    delimiter = ','
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = '\r\n'
    quoting = QUOTE_MINIMAL


class excel_tab(excel):
    """Describe the usual properties of Excel-generated TAB-delimited files."""
    delimiter = '\t'


class unix_dialect(Dialect):
    """Describe the usual properties of Unix-generated CSV files."""
    delimiter = ','
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = '\n'
    quoting = QUOTE_ALL


_dialects = {"excel": excel, "excel-tab": excel_tab, "unix": unix_dialect}


def register_dialect(name, dialect=None, **fmtparams):
    """Create a mapping from a string name to a dialect class."""
    if not isinstance(name, str):
        raise TypeError("dialect name must be a string")
    _dialects[name] = _Params(dialect, fmtparams)


def unregister_dialect(name):
    """Delete the name/dialect mapping associated with a string name."""
    if name not in _dialects:
        raise Error("unknown dialect")
    del _dialects[name]


def get_dialect(name):
    """Return the dialect instance associated with name."""
    if name not in _dialects:
        raise Error("unknown dialect")
    return _dialects[name]


def list_dialects():
    """Return a list of all known dialect names."""
    return list(_dialects)


def _char_param(name, v, allow_none):
    if v is None and allow_none:
        return None
    if not isinstance(v, str):
        if allow_none:
            raise TypeError('"%s" must be string or None, not %s' % (name, type(v).__name__))
        raise TypeError('"%s" must be string, not %s' % (name, type(v).__name__))
    if len(v) != 1:
        raise TypeError('"%s" must be a 1-character string' % name)
    return v


class _Params:
    """A validated dialect: the result of a dialect name or class plus overrides."""

    def __init__(self, dialect, fmtparams):
        if isinstance(dialect, str):
            dialect = get_dialect(dialect)
        src = {}
        for k in ('delimiter', 'quotechar', 'escapechar', 'doublequote', 'skipinitialspace',
                  'lineterminator', 'quoting', 'strict'):
            v = getattr(dialect, k, None) if dialect is not None else None
            src[k] = v
        for k, v in fmtparams.items():
            if k not in src:
                raise TypeError("'%s' is an invalid keyword argument for this function" % k)
            src[k] = v
        quoting = src['quoting']
        self.quoting = QUOTE_MINIMAL if quoting is None else quoting
        if self.quoting not in (0, 1, 2, 3):
            raise TypeError('bad "quoting" value')
        d = src['delimiter']
        self.delimiter = _char_param('delimiter', ',' if d is None else d, False)
        qc = src['quotechar']
        if qc is None and 'quotechar' not in fmtparams:
            qc = '"'
        self.quotechar = _char_param('quotechar', qc, True)
        if self.quotechar is None and self.quoting != QUOTE_NONE:
            raise TypeError('quotechar must be set if quoting enabled')
        self.escapechar = _char_param('escapechar', src['escapechar'], True)
        dq = src['doublequote']
        self.doublequote = True if dq is None else bool(dq)
        self.skipinitialspace = bool(src['skipinitialspace'])
        lt = src['lineterminator']
        if lt is None:
            lt = '\r\n'
        if not isinstance(lt, str):
            raise TypeError('"lineterminator" must be a string')
        self.lineterminator = lt
        self.strict = bool(src['strict'])


class _reader:
    """CSV reader: iterates over rows (lists of strings) of an iterable of lines."""

    def __init__(self, f, dialect='excel', **fmtparams):
        self._input = iter(f)
        self.dialect = _Params(dialect, fmtparams)
        self.line_num = 0

    def __iter__(self):
        return self

    def __next__(self):
        d = self.dialect
        params = (d.delimiter, d.quotechar or '', d.escapechar or '', d.doublequote,
                  d.skipinitialspace, d.quoting, d.strict)
        rec = _read_record(self._input, params, _field_limit[0], Error)
        if rec is None:
            raise StopIteration
        fields, lines = rec
        self.line_num += lines
        return fields


def reader(csvfile, dialect='excel', **fmtparams):
    """Return a reader object that iterates over rows of csvfile."""
    return _reader(csvfile, dialect, **fmtparams)


class _writer:
    """CSV writer: formats rows and writes them to a file-like object."""

    def __init__(self, f, dialect='excel', **fmtparams):
        if not hasattr(f, 'write'):
            raise TypeError('argument 1 must have a "write" method')
        self._write = f.write
        self.dialect = d = _Params(dialect, fmtparams)
        self._params = (d.delimiter, d.quotechar or '', d.escapechar or '', d.doublequote,
                        d.lineterminator, d.quoting)

    def writerow(self, row):
        """Write the row (an iterable of fields) to the file, formatted."""
        try:
            fields = list(row)
        except TypeError:
            raise Error("iterable expected, not %s" % type(row).__name__)
        return self._write(_format_row(fields, self._params, Error))

    def writerows(self, rows):
        """Write every row of rows."""
        for row in rows:
            self.writerow(row)


def writer(csvfile, dialect='excel', **fmtparams):
    """Return a writer object that writes formatted rows to csvfile."""
    return _writer(csvfile, dialect, **fmtparams)


class DictReader:
    """Reads rows as dicts keyed by the first row (or fieldnames)."""

    def __init__(self, f, fieldnames=None, restkey=None, restval=None,
                 dialect="excel", *args, **kwds):
        if fieldnames is not None and iter(fieldnames) is fieldnames:
            fieldnames = list(fieldnames)
        self._fieldnames = fieldnames
        self.restkey = restkey
        self.restval = restval
        self.reader = reader(f, dialect, *args, **kwds)
        self.dialect = dialect
        self.line_num = 0

    def __iter__(self):
        return self

    @property
    def fieldnames(self):
        if self._fieldnames is None:
            try:
                self._fieldnames = next(self.reader)
            except StopIteration:
                pass
        self.line_num = self.reader.line_num
        return self._fieldnames

    @fieldnames.setter
    def fieldnames(self, value):
        self._fieldnames = value

    def __next__(self):
        if self.line_num == 0:
            self.fieldnames
        row = next(self.reader)
        self.line_num = self.reader.line_num
        while row == []:
            row = next(self.reader)
        d = dict(zip(self.fieldnames, row))
        lf = len(self.fieldnames)
        lr = len(row)
        if lf < lr:
            d[self.restkey] = row[lf:]
        elif lf > lr:
            for key in self.fieldnames[lr:]:
                d[key] = self.restval
        return d


class DictWriter:
    """Writes dicts as rows, in the order of fieldnames."""

    def __init__(self, f, fieldnames, restval="", extrasaction="raise",
                 dialect="excel", *args, **kwds):
        if fieldnames is not None and iter(fieldnames) is fieldnames:
            fieldnames = list(fieldnames)
        self.fieldnames = fieldnames
        self.restval = restval
        if extrasaction.lower() not in ("raise", "ignore"):
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'" % extrasaction)
        self.extrasaction = extrasaction
        self.writer = writer(f, dialect, *args, **kwds)

    def writeheader(self):
        header = dict(zip(self.fieldnames, self.fieldnames))
        return self.writerow(header)

    def _dict_to_list(self, rowdict):
        if self.extrasaction == "raise":
            wrong_fields = [k for k in rowdict if k not in self.fieldnames]
            if wrong_fields:
                raise ValueError("dict contains fields not in fieldnames: "
                                 + ", ".join([repr(x) for x in wrong_fields]))
        return (rowdict.get(key, self.restval) for key in self.fieldnames)

    def writerow(self, rowdict):
        return self.writer.writerow(self._dict_to_list(rowdict))

    def writerows(self, rowdicts):
        return self.writer.writerows(map(self._dict_to_list, rowdicts))


class Sniffer:
    """Deduces the format of a CSV file (delimiter and header) from a sample."""

    def __init__(self):
        self.preferred = [',', '\t', ';', ' ', ':']

    def sniff(self, sample, delimiters=None):
        lines = [l for l in sample.split('\n') if l.strip()]
        candidates = delimiters if delimiters else self.preferred + [c for c in '|']
        best = None
        for c in candidates:
            counts = [l.count(c) for l in lines]
            if counts and counts[0] > 0 and all(n == counts[0] for n in counts):
                best = c
                break
        if best is None:
            raise Error("Could not determine delimiter")

        class sniffed(Dialect):
            _name = "sniffed"
            lineterminator = '\r\n'
            quoting = QUOTE_MINIMAL
        sniffed.delimiter = best
        sniffed.quotechar = '"'
        sniffed.doublequote = True
        sniffed.skipinitialspace = False
        return sniffed

    def has_header(self, sample):
        rows = list(reader(sample.split('\n'), self.sniff(sample)))
        rows = [r for r in rows if r]
        if len(rows) < 2:
            return False
        header, body = rows[0], rows[1:]

        def numeric(s):
            try:
                float(s)
                return True
            except ValueError:
                return False
        votes = 0
        for i, h in enumerate(header):
            col = [r[i] for r in body if i < len(r)]
            if col and all(numeric(v) for v in col) and not numeric(h):
                votes += 1
            elif col and all(len(v) != len(h) for v in col):
                votes += 1
            else:
                votes -= 1
        return votes > 0
