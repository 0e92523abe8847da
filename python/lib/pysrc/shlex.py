"""shlex: POSIX shell-like splitting and quoting (split, quote, join), handy for
building the argument lists of CLI capabilities."""

import re

_find_unsafe = re.compile(r'[^\w@%+=:,./-]', re.ASCII).search


def quote(s):
    """A shell-escaped version of s."""
    if not s:
        return "''"
    if _find_unsafe(s) is None:
        return s
    return "'" + s.replace("'", "'\"'\"'") + "'"


def join(split_command):
    """The shell-escaped string of the list split_command."""
    return ' '.join(quote(arg) for arg in split_command)


def split(s, comments=False, posix=True):
    """Split s like a POSIX shell: whitespace separates words, quotes and backslashes
    escape."""
    if s is None:
        raise ValueError('s argument must not be None')
    if not posix:
        raise NotImplementedError('shlex.split(posix=False) is not supported by the embedded interpreter')
    words = []
    word = []
    in_word = False
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c in ' \t\r\n':
            if in_word:
                words.append(''.join(word))
                word = []
                in_word = False
            i += 1
        elif c == '#' and comments and not in_word:
            while i < n and s[i] != '\n':
                i += 1
        elif c == '\\':
            in_word = True
            if i + 1 >= n:
                raise ValueError('No escaped character')
            word.append(s[i + 1])
            i += 2
        elif c == "'":
            in_word = True
            j = s.find("'", i + 1)
            if j < 0:
                raise ValueError('No closing quotation')
            word.append(s[i + 1:j])
            i = j + 1
        elif c == '"':
            in_word = True
            i += 1
            while True:
                if i >= n:
                    raise ValueError('No closing quotation')
                c = s[i]
                if c == '"':
                    i += 1
                    break
                if c == '\\' and i + 1 < n and s[i + 1] in '"\\$`\n':
                    word.append(s[i + 1])
                    i += 2
                    continue
                word.append(c)
                i += 1
        else:
            in_word = True
            word.append(c)
            i += 1
    if in_word:
        words.append(''.join(word))
    return words
