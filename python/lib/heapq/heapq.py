"""Heap queue algorithm (a.k.a. priority queue), CPython-compatible layouts."""

__all__ = ['heappush', 'heappop', 'heapify', 'heapreplace', 'merge',
           'nlargest', 'nsmallest', 'heappushpop']


def _check(heap, fname):
    if not isinstance(heap, list):
        raise TypeError(fname + "() argument 1 must be list, not " + type(heap).__name__)


def _sift_toward_root(heap, startpos, pos):
    item = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        if item < parent:
            heap[pos] = parent
            pos = parentpos
            continue
        break
    heap[pos] = item


def _sift_to_leaf(heap, pos):
    endpos = len(heap)
    startpos = pos
    item = heap[pos]
    childpos = 2 * pos + 1
    while childpos < endpos:
        rightpos = childpos + 1
        if rightpos < endpos and not heap[childpos] < heap[rightpos]:
            childpos = rightpos
        heap[pos] = heap[childpos]
        pos = childpos
        childpos = 2 * pos + 1
    heap[pos] = item
    _sift_toward_root(heap, startpos, pos)


def heappush(heap, item):
    """Push item onto heap, maintaining the heap invariant."""
    _check(heap, "heappush")
    heap.append(item)
    _sift_toward_root(heap, 0, len(heap) - 1)


def heappop(heap):
    """Pop the smallest item off the heap, maintaining the heap invariant."""
    _check(heap, "heappop")
    if not heap:
        raise IndexError("index out of range")
    lastelt = heap.pop()
    if heap:
        returnitem = heap[0]
        heap[0] = lastelt
        _sift_to_leaf(heap, 0)
        return returnitem
    return lastelt


def heapreplace(heap, item):
    """Pop and return the current smallest value, and add the new item."""
    _check(heap, "heapreplace")
    if not heap:
        raise IndexError("index out of range")
    returnitem = heap[0]
    heap[0] = item
    _sift_to_leaf(heap, 0)
    return returnitem


def heappushpop(heap, item):
    """Fast version of a heappush followed by a heappop."""
    _check(heap, "heappushpop")
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _sift_to_leaf(heap, 0)
    return item


def heapify(x):
    """Transform list into a heap, in-place, in O(len(x)) time."""
    _check(x, "heapify")
    n = len(x)
    for i in reversed(range(n // 2)):
        _sift_to_leaf(x, i)


def _sift_toward_root_max(heap, startpos, pos):
    item = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        if parent < item:
            heap[pos] = parent
            pos = parentpos
            continue
        break
    heap[pos] = item


def _sift_to_leaf_max(heap, pos):
    endpos = len(heap)
    startpos = pos
    item = heap[pos]
    childpos = 2 * pos + 1
    while childpos < endpos:
        rightpos = childpos + 1
        if rightpos < endpos and not heap[rightpos] < heap[childpos]:
            childpos = rightpos
        heap[pos] = heap[childpos]
        pos = childpos
        childpos = 2 * pos + 1
    heap[pos] = item
    _sift_toward_root_max(heap, startpos, pos)


def _heappop_max(heap):
    lastelt = heap.pop()
    if heap:
        returnitem = heap[0]
        heap[0] = lastelt
        _sift_to_leaf_max(heap, 0)
        return returnitem
    return lastelt


def _heapify_max(x):
    for i in reversed(range(len(x) // 2)):
        _sift_to_leaf_max(x, i)


def merge(*iterables, key=None, reverse=False):
    """Merge multiple sorted inputs into a single sorted output (stable)."""
    its = [iter(it) for it in iterables]
    heads = []
    for i, it in enumerate(its):
        for v in it:
            heads.append([v if key is None else key(v), i, v])
            break
    while heads:
        best = 0
        for j in range(1, len(heads)):
            a = heads[j]
            b = heads[best]
            if (b[0] < a[0]) if reverse else (a[0] < b[0]):
                best = j
        h = heads[best]
        yield h[2]
        advanced = False
        for v in its[h[1]]:
            h[0] = v if key is None else key(v)
            h[2] = v
            advanced = True
            break
        if not advanced:
            del heads[best]


def nsmallest(n, iterable, key=None):
    """Find the n smallest elements in a dataset: sorted(iterable, key=key)[:n]."""
    if n <= 0:
        return []
    if n == 1:
        it = iter(iterable)
        sentinel = object()
        if key is None:
            result = min(it, default=sentinel)
        else:
            result = min(it, default=sentinel, key=key)
        return [] if result is sentinel else [result]
    return sorted(iterable, key=key)[:n]


def nlargest(n, iterable, key=None):
    """Find the n largest elements: sorted(iterable, key=key, reverse=True)[:n]."""
    if n <= 0:
        return []
    if n == 1:
        it = iter(iterable)
        sentinel = object()
        if key is None:
            result = max(it, default=sentinel)
        else:
            result = max(it, default=sentinel, key=key)
        return [] if result is sentinel else [result]
    return sorted(iterable, key=key, reverse=True)[:n]
