"""textwrap: wrap, fill, shorten, dedent, indent and TextWrapper with CPython's options
(width, initial_indent, subsequent_indent, expand_tabs, replace_whitespace,
fix_sentence_endings, break_long_words, drop_whitespace, break_on_hyphens, tabsize,
max_lines, placeholder)."""

_SPACES = '\t\n\x0b\x0c\r '
_TO_SPACE = {ord(c): ' ' for c in _SPACES}

# The constructor's options in signature order; __init__ stores each under its own name.
_OPTIONS = ('width', 'initial_indent', 'subsequent_indent', 'expand_tabs',
            'replace_whitespace', 'fix_sentence_endings', 'break_long_words',
            'drop_whitespace', 'break_on_hyphens', 'tabsize', 'max_lines', 'placeholder')


def _blank(chunk):
    # A chunk made only of whitespace (or the empty leftover of a broken word).
    return not chunk.strip()


def _wordy(c):
    return c == '_' or c.isalpha()


def _hyphen_pieces(word):
    # A word splits after a hyphen that has two letters (or letter, hyphen, letter) on its
    # left and the same on its right: "long-winded" gives "long-", "winded".
    pieces, start = [], 0
    for at, c in enumerate(word):
        if c != '-' or at == 0:
            continue
        l1, l2, l3 = word[at - 1], word[at - 2:at - 1], word[at - 3:at - 2]
        left = _wordy(l1) and (
            (l2 != '' and _wordy(l2)) or (l2 == '-' and l3 != '' and _wordy(l3)))
        r1, r2, r3 = word[at + 1:at + 2], word[at + 2:at + 3], word[at + 3:at + 4]
        right = r1 != '' and _wordy(r1) and r2 != '' and (
            _wordy(r2) or (r2 == '-' and r3 != '' and _wordy(r3)))
        if left and right:
            pieces.append(word[start:at + 1])
            start = at + 1
    pieces.append(word[start:])
    return [p for p in pieces if p]


def _closes_sentence(chunk):
    # A lower-case letter, then . ! or ?, then at most one closing quote.
    if chunk[-1:] in ('"', "'"):
        chunk = chunk[:-1]
    return len(chunk) > 1 and chunk[-1] in '.!?' and 'a' <= chunk[-2] <= 'z'


class TextWrapper:
    def __init__(self, width=70, initial_indent='', subsequent_indent='', expand_tabs=True,
                 replace_whitespace=True, fix_sentence_endings=False, break_long_words=True,
                 drop_whitespace=True, break_on_hyphens=True, tabsize=8, *, max_lines=None,
                 placeholder=' [...]'):
        given = (width, initial_indent, subsequent_indent, expand_tabs, replace_whitespace,
                 fix_sentence_endings, break_long_words, drop_whitespace, break_on_hyphens,
                 tabsize, max_lines, placeholder)
        for name, value in zip(_OPTIONS, given):
            setattr(self, name, value)

    # -- turning text into chunks

    def _munge_whitespace(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if not self.replace_whitespace:
            return text
        return text.translate(_TO_SPACE)

    def _split(self, text):
        # Alternating runs of whitespace and of other characters; with break_on_hyphens a
        # word run is cut further after its inner hyphens.
        out, start, size = [], 0, len(text)
        while start < size:
            spacey = text[start] in _SPACES
            stop = start + 1
            while stop < size and (text[stop] in _SPACES) == spacey:
                stop += 1
            run = text[start:stop]
            if spacey or not self.break_on_hyphens:
                out.append(run)
            else:
                out += _hyphen_pieces(run)
            start = stop
        return out

    def _fix_sentence_endings(self, chunks):
        k = 0
        while k + 1 < len(chunks):
            if chunks[k + 1] == ' ' and _closes_sentence(chunks[k]):
                chunks[k + 1] = '  '
                k += 1
            k += 1

    # -- laying chunks out in lines

    def _check_limits(self):
        if self.width <= 0:
            raise ValueError('invalid width %r (must be > 0)' % self.width)
        if self.max_lines is None:
            return
        lead = self.subsequent_indent if self.max_lines > 1 else self.initial_indent
        if len(lead) + len(self.placeholder.lstrip()) > self.width:
            raise ValueError('placeholder too large for max width')

    def _cut_long(self, chunk, used, room):
        # How much of an over-long chunk goes on a line already holding `used` columns
        # out of `room`; a line with no room at all still takes one column. The cut
        # prefers to fall just after a hyphen that has something else before it.
        fits = room - used if room >= 1 else 1
        cut = fits
        if self.break_on_hyphens and len(chunk) > fits:
            dash = chunk.rfind('-', 0, fits)
            if dash > 0 and chunk[:dash].strip('-'):
                cut = dash + 1
        return cut

    def _wrap_chunks(self, chunks):
        self._check_limits()
        todo = list(chunks)
        at = 0
        lines = []
        while at < len(todo):
            lead = self.subsequent_indent if lines else self.initial_indent
            room = self.width - len(lead)
            # Whitespace never opens a line after the first.
            if lines and self.drop_whitespace and _blank(todo[at]):
                at += 1
            line, used = [], 0
            while at < len(todo) and used + len(todo[at]) <= room:
                line.append(todo[at])
                used += len(todo[at])
                at += 1
            if at < len(todo) and len(todo[at]) > room:
                if self.break_long_words:
                    cut = self._cut_long(todo[at], used, room)
                    line.append(todo[at][:cut])
                    todo[at] = todo[at][cut:]
                elif not line:
                    line.append(todo[at])
                    at += 1
                used = sum(len(piece) for piece in line)
            if line and self.drop_whitespace and _blank(line[-1]):
                used -= len(line.pop())
            if not line:
                continue
            rest = todo[at:]
            ends_here = not rest or (self.drop_whitespace and len(rest) == 1 and _blank(rest[0]))
            if (self.max_lines is None or len(lines) + 1 < self.max_lines
                    or (ends_here and used <= room)):
                lines.append(lead + ''.join(line))
                continue
            self._close_with_placeholder(lines, line, used, room, lead)
            break
        return lines

    def _close_with_placeholder(self, lines, line, used, room, lead):
        # The last allowed line: drop chunks from its end until the placeholder fits after
        # a word; failing that, hang it on the previous line, or give it a line of its own.
        mark = self.placeholder
        while line:
            if not _blank(line[-1]) and used + len(mark) <= room:
                lines.append(lead + ''.join(line) + mark)
                return
            used -= len(line.pop())
        if lines:
            before = lines[-1].rstrip()
            if len(before) + len(mark) <= self.width:
                lines[-1] = before + mark
                return
        lines.append(lead + mark.lstrip())

    # -- the public methods

    def wrap(self, text):
        chunks = self._split(self._munge_whitespace(text))
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text):
        return '\n'.join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).wrap(text)


def fill(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).fill(text)


def shorten(text, width, **kwargs):
    one_line = TextWrapper(width=width, max_lines=1, **kwargs)
    return one_line.fill(' '.join(text.strip().split()))


def _leading(line):
    # The run of spaces and tabs a line starts with, or None for a line of nothing else.
    body = line.lstrip(' \t')
    return None if body == '' else line[:len(line) - len(body)]


def dedent(text):
    # The margin is the longest prefix of spaces and tabs that every non-blank line
    # shares; blank lines come out empty whatever they held.
    rows = text.split('\n')
    margin = None
    for row in rows:
        own = _leading(row)
        if own is None:
            continue
        if margin is None:
            margin = own
            continue
        same = 0
        while same < len(margin) and same < len(own) and margin[same] == own[same]:
            same += 1
        margin = margin[:same]
    cut = len(margin or '')
    return '\n'.join('' if _leading(row) is None else row[cut:] for row in rows)


def indent(text, prefix, predicate=None):
    keep = predicate if predicate is not None else (lambda line: line.strip())
    return ''.join(prefix + line if keep(line) else line for line in text.splitlines(True))
