"""fnmatch: shell-style wildcard matching of names (no filesystem access): fnmatch,
fnmatchcase, filter, translate. Matching is case-sensitive, as on POSIX."""

import re


def translate(pat):
    """The regular expression (source) that matches what the shell pattern pat matches."""
    res = []
    i, n = 0, len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == '*':
            if not res or res[-1] != '.*':
                res.append('.*')
        elif c == '?':
            res.append('.')
        elif c == '[':
            j = i
            if j < n and pat[j] == '!':
                j += 1
            if j < n and pat[j] == ']':
                j += 1
            while j < n and pat[j] != ']':
                j += 1
            if j >= n:
                res.append('\\[')
            else:
                stuff = pat[i:j]
                if '-' not in stuff:
                    stuff = stuff.replace('\\', r'\\')
                else:
                    stuff = stuff.replace('\\', r'\\')
                i = j + 1
                if not stuff:
                    res.append('(?!)')
                elif stuff == '!':
                    res.append('.')
                else:
                    if stuff[0] == '!':
                        stuff = '^' + stuff[1:]
                    elif stuff[0] in ('^', '['):
                        stuff = '\\' + stuff
                    res.append('[%s]' % stuff)
        else:
            res.append(re.escape(c))
    return '(?s:%s)\\Z' % ''.join(res)


def fnmatchcase(name, pat):
    """Whether name matches the shell pattern pat, case-sensitively."""
    return re.match(translate(pat), name) is not None


def fnmatch(name, pat):
    """Whether name matches the shell pattern pat (case-sensitive, as on POSIX)."""
    return fnmatchcase(name, pat)


def filter(names, pat):
    """The names that match pat."""
    regex = re.compile(translate(pat))
    return [n for n in names if regex.match(n)]
