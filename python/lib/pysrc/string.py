"""string: character-class constants, capwords, Template and Formatter."""

# The character classes. printable is, in this order: digits, letters, punctuation,
# whitespace.
digits = '0123456789'
octdigits = digits[:8]
hexdigits = digits + 'abcdefABCDEF'
ascii_lowercase = ''.join(map(chr, range(ord('a'), ord('z') + 1)))
ascii_uppercase = ascii_lowercase.upper()
ascii_letters = ascii_lowercase + ascii_uppercase
whitespace = ' \t\n\r\x0b\x0c'
punctuation = ''.join(ch for ch in map(chr, range(33, 127)) if not ch.isalnum())
printable = ''.join([digits, ascii_letters, punctuation, whitespace])


def capwords(s, sep=None):
    return (sep or ' ').join(map(str.capitalize, s.split(sep)))


def _is_id_start(c):
    return c == '_' or ('a' <= c <= 'z') or ('A' <= c <= 'Z')


def _is_id_char(c):
    return _is_id_start(c) or ('0' <= c <= '9')


class Template:
    """A string class for $-substitutions: Template('$who likes $what')."""

    delimiter = '$'

    def __init__(self, template):
        self.template = template

    def _scan(self, mapping, safe):
        s = self.template
        d = self.delimiter
        out = []
        i = 0
        n = len(s)
        while i < n:
            j = s.find(d, i)
            if j < 0:
                out.append(s[i:])
                break
            out.append(s[i:j])
            k = j + len(d)
            if s.startswith(d, k):
                out.append(d)
                i = k + len(d)
                continue
            if k < n and s[k] == '{':
                e = s.find('}', k)
                name = s[k + 1:e] if e >= 0 else ''
                if e >= 0 and name and _is_id_start(name[0]) and all(_is_id_char(c) for c in name):
                    out.append(self._lookup(mapping, name, s[j:e + 1], safe))
                    i = e + 1
                    continue
                if safe:
                    out.append(d)
                    i = k
                    continue
                self._invalid(j)
            if k < n and _is_id_start(s[k]):
                e = k + 1
                while e < n and _is_id_char(s[e]):
                    e += 1
                out.append(self._lookup(mapping, s[k:e], s[j:e], safe))
                i = e
                continue
            if safe:
                out.append(d)
                i = k
                continue
            self._invalid(j)
        return ''.join(out)

    def _lookup(self, mapping, name, text, safe):
        if safe:
            try:
                return '%s' % (mapping[name],)
            except KeyError:
                return text
        return '%s' % (mapping[name],)

    def _invalid(self, i):
        # Line and column (1-based) of the character that ends the delimiter at i: the
        # text up to and including the delimiter, cut into lines that keep their breaks.
        upto = self.template[:i + len(self.delimiter)].splitlines(keepends=True)
        lineno = max(len(upto), 1)
        colno = len(upto[-1]) if upto else 1
        raise ValueError('Invalid placeholder in string: line %d, col %d' % (lineno, colno))

    def substitute(self, mapping=None, /, **kws):
        return self._scan(_merge(mapping, kws), False)

    def safe_substitute(self, mapping=None, /, **kws):
        return self._scan(_merge(mapping, kws), True)

    def get_identifiers(self):
        ids = []
        s = self.template
        i = 0
        while True:
            j = s.find(self.delimiter, i)
            if j < 0:
                return ids
            k = j + len(self.delimiter)
            name = None
            if k < len(s) and s[k] == '{':
                e = s.find('}', k)
                if e >= 0:
                    name = s[k + 1:e]
                    i = e + 1
            elif k < len(s) and _is_id_start(s[k]):
                e = k + 1
                while e < len(s) and _is_id_char(s[e]):
                    e += 1
                name = s[k:e]
                i = e
            if name is None:
                i = k + 1 if s.startswith(self.delimiter, k) else k
            elif name not in ids:
                ids.append(name)

    def is_valid(self):
        try:
            self._scan(_AnyMapping(), False)
        except ValueError:
            return False
        return True


class _AnyMapping:
    def __getitem__(self, key):
        return ''


def _merge(mapping, kws):
    if mapping is None:
        return kws
    if kws:
        merged = dict(mapping)
        merged.update(kws)
        return merged
    return mapping


class Formatter:
    """str.format as a class: Formatter().format('{0}', x), vformat."""

    def format(self, format_string, /, *args, **kwargs):
        return self.vformat(format_string, args, kwargs)

    def vformat(self, format_string, args, kwargs):
        return format_string.format(*args, **kwargs)

    def parse(self, format_string):
        """Yield (literal_text, field_name, format_spec, conversion) for each
        piece of format_string, as CPython's _string.formatter_parser."""
        s = format_string
        n = len(s)
        i = 0
        while i < n:
            start = i
            c = ''
            markup = False
            while i < n:
                c = s[i]
                i += 1
                if c == '{' or c == '}':
                    markup = True
                    break
            at_end = i >= n
            length = i - start
            if c == '}' and markup and (at_end or s[i] != c):
                raise ValueError("Single '}' encountered in format string")
            if at_end and c == '{' and markup:
                raise ValueError("Single '{' encountered in format string")
            if markup and not at_end:
                if s[i] == c:
                    # A doubled brace is literal text.
                    i += 1
                    markup = False
                else:
                    length -= 1
            literal = s[start:start + length]
            if not markup:
                yield (literal, None, None, None)
                continue
            name_start = i
            c = ''
            while i < n:
                c = s[i]
                i += 1
                if c == '{':
                    raise ValueError("unexpected '{' in field name")
                if c == '[':
                    while i < n and s[i] != ']':
                        i += 1
                    continue
                if c in '}:!':
                    break
            else:
                c = ''
            field_name = s[name_start:i - 1] if c else s[name_start:i]
            conversion = None
            spec = ''
            if c == '!' or c == ':':
                if c == '!':
                    if i >= n:
                        raise ValueError("end of string while looking for conversion specifier")
                    conversion = s[i]
                    i += 1
                    if i < n:
                        c = s[i]
                        i += 1
                        if c == '}':
                            yield (literal, field_name, spec, conversion)
                            continue
                        if c != ':':
                            raise ValueError("expected ':' after conversion specifier")
                spec_start = i
                count = 1
                while i < n:
                    c = s[i]
                    i += 1
                    if c == '{':
                        count += 1
                    elif c == '}':
                        count -= 1
                        if count == 0:
                            break
                if count:
                    raise ValueError("unmatched '{' in format spec")
                spec = s[spec_start:i - 1]
            elif c != '}':
                raise ValueError("expected '}' before end of string")
            yield (literal, field_name, spec, conversion)
