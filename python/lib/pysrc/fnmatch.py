"""fnmatch: shell-style wildcard matching of names (no filesystem access): fnmatch,
fnmatchcase, filter, translate. Matching is case-sensitive, as on POSIX.

Patterns: '*' any run of characters, '?' one character, '[set]' one character of the set
('[!set]' one not in it, 'a-z' a range), anything else itself. translate() gives the same
regular expression text as CPython 3.11: the text between stars is matched lazily inside
an atomic group, so a pattern with many stars cannot backtrack exponentially.
"""

import re

__all__ = ['filter', 'fnmatch', 'fnmatchcase', 'translate']

_compiled = {}


def _matcher(pat):
    found = _compiled.get(pat)
    if found is None:
        if isinstance(pat, bytes):
            # Bytes patterns go through the same translation, one byte per character.
            source = translate(str(pat, 'ISO-8859-1')).encode('ISO-8859-1')
        else:
            source = translate(pat)
        found = re.compile(source).match
        if len(_compiled) >= 256:
            _compiled.clear()
        _compiled[pat] = found
    return found


def fnmatchcase(name, pat):
    """Whether name matches the shell pattern pat, case-sensitively."""
    return _matcher(pat)(name) is not None


def fnmatch(name, pat):
    """Whether name matches the shell pattern pat (case-sensitive, as on POSIX)."""
    return fnmatchcase(name, pat)


def filter(names, pat):
    """The names that match pat, in their order."""
    match = _matcher(pat)
    return [name for name in names if match(name)]


def _set_end(pat, start):
    # Index of the ']' closing the set whose body starts at `start`, or -1. A '!' first
    # and then a ']' first are part of the body.
    at = start
    if at < len(pat) and pat[at] == '!':
        at += 1
    if at < len(pat) and pat[at] == ']':
        at += 1
    end = pat.find(']', at)
    return end


def _range_pieces(body):
    # The body cut at its range dashes: 'a-cx-z' -> ['a', 'cx', 'z']. A dash first (after
    # a '!') or right after a range's upper end is an ordinary character, and so is a
    # dash at the very end.
    first = 2 if body.startswith('!') else 1
    pieces = []
    piece_start = 0
    look = first
    while True:
        dash = body.find('-', look)
        if dash < 0:
            break
        pieces.append(body[piece_start:dash])
        piece_start = dash + 1
        look = dash + 3
    tail = body[piece_start:]
    if tail:
        pieces.append(tail)
    else:
        pieces[-1] += '-'
    return pieces


def _drop_reversed(pieces):
    # A range whose ends are reversed ('z-a') matches nothing: drop both its ends (the
    # regular expression would reject it).
    k = len(pieces) - 1
    while k > 0:
        left, right = pieces[k - 1], pieces[k]
        if left[-1] > right[0]:
            pieces[k - 1] = left[:-1] + right[1:]
            del pieces[k]
        k -= 1
    return pieces


def _set_class(body):
    # The character class for a set body: the regular expression text, or None for a set
    # that matches nothing.
    if '-' in body:
        pieces = _drop_reversed(_range_pieces(body))
        text = '-'.join(piece.replace('\\', '\\\\').replace('-', '\\-') for piece in pieces)
    else:
        text = body.replace('\\', '\\\\')
    # '&&', '~~' and '||' would be set operations to a future regular expression engine.
    text = re.sub(r'([&~|])', r'\\\1', text)
    if not text:
        return None
    if text == '!':
        return '.'
    if text[0] == '!':
        text = '^' + text[1:]
    elif text[0] in '^[':
        text = '\\' + text
    return '[%s]' % text


def translate(pat):
    """The regular expression (source text) matching what the shell pattern pat matches."""
    # The pattern as pieces of regular expression between its stars (runs of stars count
    # as one): segments[0] comes before the first star.
    segments = [[]]
    i = 0
    size = len(pat)
    while i < size:
        ch = pat[i]
        i += 1
        if ch == '*':
            if segments[-1] or len(segments) == 1:
                segments.append([])
            continue
        if ch == '?':
            segments[-1].append('.')
            continue
        if ch == '[':
            end = _set_end(pat, i)
            if end < 0:
                segments[-1].append('\\[')
                continue
            cls = _set_class(pat[i:end])
            i = end + 1
            segments[-1].append('(?!)' if cls is None else cls)
            continue
        segments[-1].append(re.escape(ch))
    texts = [''.join(segment) for segment in segments]
    out = texts[0]
    for middle in texts[1:-1]:
        out += '(?>.*?%s)' % middle
    if len(texts) > 1:
        out += '.*' + texts[-1]
    return '(?s:%s)\\Z' % out
