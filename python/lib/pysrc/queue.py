"""queue: Queue, LifoQueue, PriorityQueue, SimpleQueue, Empty and Full with CPython 3.11's
methods, messages and argument checks, for a sandbox that has one thread.

Everything that does not wait behaves as in CPython. A call that would wait for another
thread cannot return here: get() on an empty queue (put() on a full one) with a timeout
raises Empty (Full) at once, as CPython does when the timeout runs out; without a timeout,
and join() with unfinished tasks, CPython waits forever, so these raise RuntimeError
(_wait_forever) saying so. The items live in a deque (Queue, SimpleQueue) or a list
(LifoQueue, PriorityQueue), charged like any other.
"""

import types as _types
from operator import index as _index
from collections import deque as _deque
from heapq import heappush as _heappush, heappop as _heappop

__all__ = ['Empty', 'Full', 'Queue', 'PriorityQueue', 'LifoQueue', 'SimpleQueue']


class Empty(Exception):
    'Exception raised by Queue.get(block=0)/get_nowait().'
    __module__ = '_queue'


class Full(Exception):
    'Exception raised by Queue.put(block=0)/put_nowait().'


def _wait_forever(call, other, fix):
    # RuntimeError, not Empty/Full: CPython never returns from this call, so code that
    # catches Empty/Full must not take it for an answer it would never get.
    return RuntimeError(
        '%s would wait forever: the sandbox has no threads, so nothing else can %s; '
        '%s, or asyncio.Queue between tasks' % (call, other, fix))


def _check_timeout(timeout):
    if timeout < 0:
        raise ValueError("'timeout' must be a non-negative number")


def _check_seconds(timeout):
    # SimpleQueue reads its timeout as C seconds: a float or an integer (__index__).
    if isinstance(timeout, float):
        if timeout != timeout:
            raise ValueError('Invalid value NaN (not a number)')
    else:
        timeout = _index(timeout)
    if timeout < 0:
        raise ValueError("'timeout' must be a non-negative number")


class Queue:
    '''Create a queue object with a given maximum size.

    If maxsize is <= 0, the queue size is infinite.
    '''

    def __init__(self, maxsize=0):
        self.maxsize = maxsize
        self._init(maxsize)
        self.unfinished_tasks = 0

    def task_done(self):
        '''Indicate that a formerly enqueued task is complete.'''
        unfinished = self.unfinished_tasks - 1
        if unfinished < 0:
            raise ValueError('task_done() called too many times')
        self.unfinished_tasks = unfinished

    def join(self):
        '''Blocks until all items in the Queue have been gotten and processed.'''
        if self.unfinished_tasks:
            raise _wait_forever(
                'join() with %d unfinished task%s' % (
                    self.unfinished_tasks, '' if self.unfinished_tasks == 1 else 's'),
                'call task_done()', 'call task_done() once per item gotten before join()')

    def qsize(self):
        '''Return the approximate size of the queue.'''
        return self._qsize()

    def empty(self):
        '''Return True if the queue is empty, False otherwise.'''
        return not self._qsize()

    def full(self):
        '''Return True if the queue is full, False otherwise.'''
        return 0 < self.maxsize <= self._qsize()

    def put(self, item, block=True, timeout=None):
        '''Put an item into the queue.'''
        if self.maxsize > 0:
            if not block:
                if self._qsize() >= self.maxsize:
                    raise Full
            elif timeout is None:
                if self._qsize() >= self.maxsize:
                    raise _wait_forever(
                        'put() on a full queue without a timeout',
                        'get an item', 'use put_nowait() (it raises queue.Full)')
            else:
                _check_timeout(timeout)
                if self._qsize() >= self.maxsize:
                    raise Full
        self._put(item)
        self.unfinished_tasks += 1

    def get(self, block=True, timeout=None):
        '''Remove and return an item from the queue.'''
        if not block:
            if not self._qsize():
                raise Empty
        elif timeout is None:
            if not self._qsize():
                raise _wait_forever(
                    'get() on an empty queue without a timeout',
                    'put an item', 'use get_nowait() (it raises queue.Empty)')
        else:
            _check_timeout(timeout)
            if not self._qsize():
                raise Empty
        return self._get()

    def put_nowait(self, item):
        '''Put an item into the queue without blocking.'''
        return self.put(item, block=False)

    def get_nowait(self):
        '''Remove and return an item from the queue without blocking.'''
        return self.get(block=False)

    def _init(self, maxsize):
        self.queue = _deque()

    def _qsize(self):
        return len(self.queue)

    def _put(self, item):
        self.queue.append(item)

    def _get(self):
        return self.queue.popleft()

    __class_getitem__ = classmethod(_types.GenericAlias)


class PriorityQueue(Queue):
    '''Variant of Queue that retrieves open entries in priority order (lowest first).'''

    def _init(self, maxsize):
        self.queue = []

    def _qsize(self):
        return len(self.queue)

    def _put(self, item):
        _heappush(self.queue, item)

    def _get(self):
        return _heappop(self.queue)


class LifoQueue(Queue):
    '''Variant of Queue that retrieves most recently added entries first.'''

    def _init(self, maxsize):
        self.queue = []

    def _qsize(self):
        return len(self.queue)

    def _put(self, item):
        self.queue.append(item)

    def _get(self):
        return self.queue.pop()


class SimpleQueue:
    '''Simple, unbounded, reentrant FIFO queue.'''
    __module__ = '_queue'

    def __init__(self):
        self._queue = _deque()

    def put(self, item, block=True, timeout=None):
        '''Put the item on the queue; never blocks (block and timeout are ignored).'''
        self._queue.append(item)

    def get(self, block=True, timeout=None):
        '''Remove and return an item from the queue.'''
        if block and timeout is not None:
            _check_seconds(timeout)
        if not self._queue:
            if block and timeout is None:
                raise _wait_forever(
                    'get() on an empty queue without a timeout',
                    'put an item', 'use get_nowait() (it raises queue.Empty)')
            raise Empty
        return self._queue.popleft()

    def put_nowait(self, item):
        '''Put an item into the queue without blocking.'''
        return self.put(item, block=False)

    def get_nowait(self):
        '''Remove and return an item from the queue without blocking.'''
        return self.get(False)

    def empty(self):
        '''Return True if the queue is empty, False otherwise.'''
        return len(self._queue) == 0

    def qsize(self):
        '''Return the approximate size of the queue.'''
        return len(self._queue)

    __class_getitem__ = classmethod(_types.GenericAlias)
