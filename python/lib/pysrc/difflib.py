"""difflib: comparing sequences (SequenceMatcher, get_close_matches) and rendering line
differences (unified_diff, context_diff, ndiff/Differ, restore).

How SequenceMatcher pairs up two sequences a and b:

  1. b is indexed once: for every element, the ascending list of positions where it occurs.
     Elements for which isjunk(x) is true are left out of the index (they are "junk"), and
     so, when autojunk is on and b has at least 200 items, is every element occurring more
     than len(b) // 100 + 1 times (a "popular" element).
  2. Between two windows of a and b, the longest block a[i:i+k] == b[j:j+k] built from
     indexed elements is found by one pass over a that extends, for each position j of
     a[i] in b, the run that ended at (i-1, j-1). Ties go to the smallest i, then the
     smallest j. The block is then widened on both sides over equal elements that are not
     junk (popular ones), and after that over equal junk elements.
  3. That block splits both windows in two; the pieces left and right of it are searched
     the same way until no block is found. Adjacent blocks are joined, and a zero-size
     block (len(a), len(b), 0) ends the list.

Everything else (opcodes, ratios, the diffs) is derived from those blocks, so every result
matches CPython 3.11's for the same inputs.
"""

from collections import namedtuple as _namedtuple

__all__ = ['get_close_matches', 'ndiff', 'restore', 'SequenceMatcher', 'Differ',
           'IS_CHARACTER_JUNK', 'IS_LINE_JUNK', 'context_diff', 'unified_diff', 'Match']

Match = _namedtuple('Match', 'a b size')

_GAP_TAG = {(True, True): 'replace', (True, False): 'delete', (False, True): 'insert'}


def _similarity(common, total):
    # 2*M/T, where two empty sequences count as identical.
    return 2.0 * common / total if total else 1.0


class SequenceMatcher:
    """Finds the matching blocks between two sequences of hashable elements and the edits
    (opcodes) that turn the first into the second."""

    def __init__(self, isjunk=None, a='', b='', autojunk=True):
        self.isjunk = isjunk
        self.autojunk = autojunk
        self.a = None
        self.b = None
        self.set_seqs(a, b)

    def set_seqs(self, a, b):
        self.set_seq1(a)
        self.set_seq2(b)

    def set_seq1(self, a):
        # The same object again keeps the cached results (as documented: mutate, then
        # set a new object to compare afresh).
        if a is not self.a:
            self.a = a
            self._forget()

    def set_seq2(self, b):
        if b is not self.b:
            self.b = b
            self._forget()
            self.fullbcount = None
            self._index_b()

    def _forget(self):
        self.matching_blocks = None
        self.opcodes = None

    def _index_b(self):
        positions = {}
        for at, item in enumerate(self.b):
            if item in positions:
                positions[item].append(at)
            else:
                positions[item] = [at]
        junk = set()
        if self.isjunk:
            junk.update(item for item in positions if self.isjunk(item))
            for item in junk:
                positions.pop(item)
        popular = set()
        size = len(self.b)
        if self.autojunk and size >= 200:
            limit = size // 100 + 1
            popular.update(item for item, where in positions.items() if len(where) > limit)
            for item in popular:
                positions.pop(item)
        self.b2j = positions
        self.bjunk = junk
        self.bpopular = popular

    def find_longest_match(self, alo=0, ahi=None, blo=0, bhi=None):
        """The longest matching block in a[alo:ahi] and b[blo:bhi], as a Match."""
        a = self.a
        if ahi is None:
            ahi = len(a)
        if bhi is None:
            bhi = len(self.b)
        start_a, start_b, length = alo, blo, 0
        index = self.b2j
        # ending[j] = length of the run of indexed matches that ends at (i - 1, j).
        ending = {}
        for i in range(alo, ahi):
            here = {}
            for j in index.get(a[i], ()):
                if j >= bhi:
                    break
                if j >= blo:
                    run = ending.get(j - 1, 0) + 1
                    here[j] = run
                    if run > length:
                        length = run
                        start_a = i + 1 - run
                        start_b = j + 1 - run
            ending = here
        window = (alo, ahi, blo, bhi)
        start_a, start_b, length = self._widen(start_a, start_b, length, window, False)
        start_a, start_b, length = self._widen(start_a, start_b, length, window, True)
        return Match(start_a, start_b, length)

    def _widen(self, i, j, k, window, junk_side):
        # Grows a[i:i+k] == b[j:j+k] over equal neighbours whose b element is (junk_side)
        # or is not (not junk_side) junk.
        alo, ahi, blo, bhi = window
        a, b, junk = self.a, self.b, self.bjunk
        while i > alo and j > blo:
            y = b[j - 1]
            if (y in junk) != junk_side or a[i - 1] != y:
                break
            i, j, k = i - 1, j - 1, k + 1
        while i + k < ahi and j + k < bhi:
            y = b[j + k]
            if (y in junk) != junk_side or a[i + k] != y:
                break
            k += 1
        return i, j, k

    def get_matching_blocks(self):
        """Non-overlapping, increasing Match triples, ending with (len(a), len(b), 0)."""
        if self.matching_blocks is None:
            found = []
            todo = [(0, len(self.a), 0, len(self.b))]
            while todo:
                alo, ahi, blo, bhi = todo.pop()
                hit = self.find_longest_match(alo, ahi, blo, bhi)
                if not hit.size:
                    continue
                found.append(hit)
                a_end, b_end = hit.a + hit.size, hit.b + hit.size
                if alo < hit.a and blo < hit.b:
                    todo.append((alo, hit.a, blo, hit.b))
                if a_end < ahi and b_end < bhi:
                    todo.append((a_end, ahi, b_end, bhi))
            found.sort()
            joined = []
            for i, j, k in found:
                if joined:
                    pi, pj, pk = joined[-1]
                    if pi + pk == i and pj + pk == j:
                        joined[-1] = (pi, pj, pk + k)
                        continue
                joined.append((i, j, k))
            joined.append((len(self.a), len(self.b), 0))
            self.matching_blocks = [Match(*triple) for triple in joined]
        return self.matching_blocks

    def get_opcodes(self):
        """(tag, i1, i2, j1, j2) tuples turning a into b; tag is 'replace', 'delete',
        'insert' or 'equal'."""
        if self.opcodes is None:
            steps = []
            at_a = at_b = 0
            for i, j, k in self.get_matching_blocks():
                gap = _GAP_TAG.get((at_a < i, at_b < j))
                if gap:
                    steps.append((gap, at_a, i, at_b, j))
                if k:
                    steps.append(('equal', i, i + k, j, j + k))
                at_a, at_b = i + k, j + k
            self.opcodes = steps
        return self.opcodes

    def get_grouped_opcodes(self, n=3):
        """Groups of opcodes with at most n equal items of context around each change;
        unchanged stretches longer than 2*n separate the groups."""
        steps = self.get_opcodes()
        if not steps:
            steps = [('equal', 0, 1, 0, 1)]
        # The outer equal stretches keep only the n items next to a change. Like CPython,
        # this trims the cached opcode list itself.
        tag, i1, i2, j1, j2 = steps[0]
        if tag == 'equal':
            steps[0] = (tag, max(i1, i2 - n), i2, max(j1, j2 - n), j2)
        tag, i1, i2, j1, j2 = steps[-1]
        if tag == 'equal':
            steps[-1] = (tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n))
        if len(steps) == 1 and steps[0][0] == 'equal':
            return
        pending = []
        for step in steps:
            tag, i1, i2, j1, j2 = step
            if tag != 'equal' or i2 - i1 <= n + n:
                pending.append(step)
                continue
            pending.append((tag, i1, i1 + n, j1, j1 + n))
            yield pending
            pending = [(tag, i2 - n, i2, j2 - n, j2)]
        yield pending

    def ratio(self):
        """2*M/T: M matched elements, T elements in both sequences together."""
        common = 0
        for block in self.get_matching_blocks():
            common += block.size
        return _similarity(common, len(self.a) + len(self.b))

    def quick_ratio(self):
        """An upper bound on ratio(): the elements the two share, ignoring order."""
        if self.fullbcount is None:
            tally = {}
            for item in self.b:
                tally[item] = tally.get(item, 0) + 1
            self.fullbcount = tally
        in_a = {}
        for item in self.a:
            in_a[item] = in_a.get(item, 0) + 1
        in_b = self.fullbcount
        shared = 0
        for item, count in in_a.items():
            shared += min(count, in_b.get(item, 0))
        return _similarity(shared, len(self.a) + len(self.b))

    def real_quick_ratio(self):
        """An upper bound on quick_ratio() from the two lengths alone."""
        total = len(self.a) + len(self.b)
        return _similarity(min(len(self.a), len(self.b)), total)


def get_close_matches(word, possibilities, n=3, cutoff=0.6):
    """Up to n of possibilities whose ratio() against word is at least cutoff, best
    first (equal scores: the larger possibility first)."""
    if not n > 0:
        raise ValueError('n must be > 0: %r' % (n,))
    if not 0.0 <= cutoff <= 1.0:
        raise ValueError('cutoff must be in [0.0, 1.0]: %r' % (cutoff,))
    scorer = SequenceMatcher()
    scorer.set_seq2(word)
    scored = []
    for candidate in possibilities:
        scorer.set_seq1(candidate)
        # The cheap bounds first: most candidates fail one of them.
        if scorer.real_quick_ratio() < cutoff or scorer.quick_ratio() < cutoff:
            continue
        score = scorer.ratio()
        if score >= cutoff:
            scored.append((score, candidate))
    scored.sort(reverse=True)
    return [candidate for _, candidate in scored[:n]]


def _header(mark, name, date, lineterm):
    return '%s %s%s%s' % (mark, name, '\t' + date if date else '', lineterm)


def _unified_span(lo, hi):
    # "start,count" with 1-based start; a single line is just "start"; an empty span
    # names the line before it.
    count = hi - lo
    if count == 1:
        return str(lo + 1)
    return '%d,%d' % (lo + 1 if count else lo, count)


def _context_span(lo, hi):
    # "first,last" (1-based, inclusive); one line or none: just one number.
    if hi - lo > 1:
        return '%d,%d' % (lo + 1, hi)
    return str(lo + 1 if hi > lo else lo)


def unified_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\n'):
    """The lines of a unified diff turning the lines a into the lines b, with n lines
    of context."""
    headed = False
    for hunk in SequenceMatcher(None, a, b).get_grouped_opcodes(n):
        if not headed:
            headed = True
            yield _header('---', fromfile, fromfiledate, lineterm)
            yield _header('+++', tofile, tofiledate, lineterm)
        yield '@@ -%s +%s @@%s' % (_unified_span(hunk[0][1], hunk[-1][2]),
                                   _unified_span(hunk[0][3], hunk[-1][4]), lineterm)
        for tag, i1, i2, j1, j2 in hunk:
            if tag == 'equal':
                for line in a[i1:i2]:
                    yield ' ' + line
                continue
            for line in a[i1:i2]:
                yield '-' + line
            for line in b[j1:j2]:
                yield '+' + line


_CONTEXT_MARK = {'replace': '! ', 'delete': '- ', 'insert': '+ ', 'equal': '  '}


def context_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\n'):
    """The lines of a context diff turning the lines a into the lines b, with n lines
    of context."""
    headed = False
    for hunk in SequenceMatcher(None, a, b).get_grouped_opcodes(n):
        if not headed:
            headed = True
            yield _header('***', fromfile, fromfiledate, lineterm)
            yield _header('---', tofile, tofiledate, lineterm)
        yield '***************' + lineterm
        tags = {step[0] for step in hunk}
        yield '*** %s ****%s' % (_context_span(hunk[0][1], hunk[-1][2]), lineterm)
        if tags & {'replace', 'delete'}:
            for tag, i1, i2, _, _ in hunk:
                if tag != 'insert':
                    for line in a[i1:i2]:
                        yield _CONTEXT_MARK[tag] + line
        yield '--- %s ----%s' % (_context_span(hunk[0][3], hunk[-1][4]), lineterm)
        if tags & {'replace', 'insert'}:
            for tag, _, _, j1, j2 in hunk:
                if tag != 'delete':
                    for line in b[j1:j2]:
                        yield _CONTEXT_MARK[tag] + line


def IS_LINE_JUNK(line, pat=None):
    """True for a line that is blank or holds only a '#' (whitespace around it allowed)."""
    if pat is not None:
        return pat(line) is not None
    body = line.strip()
    return body == '' or body == '#'


def IS_CHARACTER_JUNK(ch, ws=' \t'):
    """True for a blank or a tab."""
    return ch in ws


# Differ: a line-by-line comparison. Lines are paired up by SequenceMatcher; where a run
# of lines was replaced by another, each pair of similar-enough lines (character ratio of
# at least 0.75) is shown as a change with '?' guide lines marking the characters that
# differ: '^' changed, '-' only in the old line, '+' only in the new one.

_PAIR_CUTOFF = 0.75


class Differ:
    """Compares sequences of lines and produces human-readable deltas: each line starts
    with '  ' (common), '- ' (only in the first), '+ ' (only in the second) or '? '
    (guide marks under the line above)."""

    def __init__(self, linejunk=None, charjunk=None):
        self.linejunk = linejunk
        self.charjunk = charjunk

    def compare(self, a, b):
        for tag, i1, i2, j1, j2 in SequenceMatcher(self.linejunk, a, b).get_opcodes():
            if tag == 'replace':
                yield from self._pair_up(a, i1, i2, b, j1, j2)
            elif tag == 'equal':
                yield from _prefixed('  ', a, i1, i2)
            elif tag == 'delete':
                yield from _prefixed('- ', a, i1, i2)
            else:
                yield from _prefixed('+ ', b, j1, j2)

    def _pair_up(self, a, alo, ahi, b, blo, bhi):
        # The most similar pair (i, j) anchors the region: what lies before it and after
        # it is paired up on its own.
        best = self._closest_pair(a, alo, ahi, b, blo, bhi)
        if best is None:
            yield from _unpaired(a, alo, ahi, b, blo, bhi)
            return
        i, j, same = best
        yield from self._rest(a, alo, i, b, blo, j)
        if same:
            yield '  ' + a[i]
        else:
            yield from self._marked(a[i], b[j])
        yield from self._rest(a, i + 1, ahi, b, j + 1, bhi)

    def _closest_pair(self, a, alo, ahi, b, blo, bhi):
        # (i, j, identical): the first pair, scanning b's lines in the outer loop, whose
        # character ratio beats all before it and exceeds 0.74; failing one of at least
        # 0.75, the first identical pair; failing that, None.
        chars = SequenceMatcher(self.charjunk)
        top = _PAIR_CUTOFF - 0.01
        where = None
        twin = None
        for j in range(blo, bhi):
            chars.set_seq2(b[j])
            for i in range(alo, ahi):
                if a[i] == b[j]:
                    if twin is None:
                        twin = (i, j, True)
                    continue
                chars.set_seq1(a[i])
                if chars.real_quick_ratio() <= top or chars.quick_ratio() <= top:
                    continue
                score = chars.ratio()
                if score > top:
                    top, where = score, (i, j, False)
        if where is not None and top >= _PAIR_CUTOFF:
            return where
        return twin

    def _rest(self, a, alo, ahi, b, blo, bhi):
        if alo < ahi and blo < bhi:
            yield from self._pair_up(a, alo, ahi, b, blo, bhi)
        elif alo < ahi:
            yield from _prefixed('- ', a, alo, ahi)
        elif blo < bhi:
            yield from _prefixed('+ ', b, blo, bhi)

    def _marked(self, old, new):
        chars = SequenceMatcher(self.charjunk, old, new)
        under_old = []
        under_new = []
        for tag, i1, i2, j1, j2 in chars.get_opcodes():
            wide_old, wide_new = i2 - i1, j2 - j1
            if tag == 'equal':
                under_old.append(' ' * wide_old)
                under_new.append(' ' * wide_new)
            elif tag == 'replace':
                under_old.append('^' * wide_old)
                under_new.append('^' * wide_new)
            elif tag == 'delete':
                under_old.append('-' * wide_old)
            else:
                under_new.append('+' * wide_new)
        yield '- ' + old
        guide = _guide(old, ''.join(under_old))
        if guide:
            yield '? %s\n' % guide
        yield '+ ' + new
        guide = _guide(new, ''.join(under_new))
        if guide:
            yield '? %s\n' % guide


def _guide(line, marks):
    # Under an unmarked character, a whitespace character of the line itself is kept (so
    # tabs line up); the trailing blanks go.
    out = []
    for ch, mark in zip(line, marks):
        out.append(ch if mark == ' ' and ch.isspace() else mark)
    return ''.join(out).rstrip()


def _prefixed(prefix, lines, lo, hi):
    for at in range(lo, hi):
        yield prefix + lines[at]


def _unpaired(a, alo, ahi, b, blo, bhi):
    # No similar pair: the shorter block goes first.
    if bhi - blo < ahi - alo:
        yield from _prefixed('+ ', b, blo, bhi)
        yield from _prefixed('- ', a, alo, ahi)
    else:
        yield from _prefixed('- ', a, alo, ahi)
        yield from _prefixed('+ ', b, blo, bhi)


def ndiff(a, b, linejunk=None, charjunk=IS_CHARACTER_JUNK):
    """Differ(linejunk, charjunk).compare(a, b)."""
    return Differ(linejunk, charjunk).compare(a, b)


def restore(delta, which):
    """The lines of sequence 1 or 2 (which) out of an ndiff/Differ delta."""
    keep = {1: '- ', 2: '+ '}.get(int(which))
    if keep is None:
        raise ValueError('unknown delta choice (must be 1 or 2): %r' % (which,))
    for line in delta:
        if line[:2] in ('  ', keep):
            yield line[2:]
