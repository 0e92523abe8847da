import queue
q = queue.Queue()
print(q.maxsize, q.qsize(), q.empty(), q.full(), q.unfinished_tasks)
for i in range(6):
    q.put(i)
q.put_nowait('x')
print(q.qsize(), q.empty(), q.full(), q.unfinished_tasks, list(q.queue), type(q.queue).__name__)
print([q.get() for _ in range(3)], q.get_nowait(), q.get(False), q.get(True, 0), q.get(timeout=5))
print(q.qsize(), q.empty(), q.unfinished_tasks)
try:
    q.get_nowait()
except queue.Empty as e:
    print('Empty', repr(e), e.args, isinstance(e, Exception))
try:
    q.get(block=False)
except queue.Empty as e:
    print('Empty', repr(e))
try:
    q.get(timeout=0)
except queue.Empty as e:
    print('Empty after timeout 0', repr(e))
try:
    q.get(True, 0.01)
except queue.Empty as e:
    print('Empty after timeout', repr(e))
# ---
import queue
q = queue.Queue(maxsize=2)
print(q.maxsize, q.full())
q.put('a')
q.put('b', True, 1)
print(q.full(), q.qsize())
try:
    q.put_nowait('c')
except queue.Full as e:
    print('Full', repr(e), e.args, isinstance(e, Exception))
try:
    q.put('c', block=False)
except queue.Full as e:
    print('Full', repr(e))
try:
    q.put('c', timeout=0)
except queue.Full as e:
    print('Full after timeout 0')
try:
    q.put('c', True, 0.01)
except queue.Full as e:
    print('Full after timeout')
print(q.get(), q.full())
q.put('c')
print(list(q.queue), q.unfinished_tasks)
q.maxsize = 1
print(q.full())
q.maxsize = -3
print(q.full())
q.put('d')
print(list(q.queue))
# ---
import queue
q = queue.Queue()
for bad in [-1, -0.5]:
    for f in [lambda: q.get(timeout=bad), lambda: q.get(True, bad)]:
        try:
            f()
        except ValueError as e:
            print('ValueError', e)
q.put(1)
try:
    q.get(timeout=-1)
except ValueError as e:
    print('ValueError with item', e, q.qsize())
print(q.get(False, -1))
q.put(2, timeout=-1)  # unbounded: timeout not checked
print(q.get_nowait())
bq = queue.Queue(1)
try:
    bq.put(0, timeout=-1)  # bounded: checked even when there is room
except ValueError as e:
    print('ValueError bounded', e, bq.qsize())
bq.put(0, False, -1)
print(bq.qsize())
for f in [lambda: bq.put(1, timeout=-2), lambda: bq.put(1, True, -0.1)]:
    try:
        f()
    except ValueError as e:
        print('ValueError full', e)
try:
    queue.Queue().get(timeout='x')
except TypeError as e:
    print('TypeError', e)
# ---
import queue
q = queue.Queue()
try:
    q.task_done()
except ValueError as e:
    print('ValueError', e, q.unfinished_tasks)
q.join()
for x in 'abc':
    q.put(x)
print(q.unfinished_tasks)
while not q.empty():
    item = q.get()
    q.task_done()
    print(item, q.unfinished_tasks)
q.join()
try:
    q.task_done()
except ValueError as e:
    print('ValueError', e, q.unfinished_tasks)
q.put(1)
q.task_done()
q.join()
print('joined', q.qsize(), q.unfinished_tasks)
# ---
import queue
lq = queue.LifoQueue()
pq = queue.PriorityQueue(3)
for x in [5, 1, 4]:
    lq.put(x)
    pq.put(x)
print(type(lq.queue).__name__, lq.queue, pq.queue, pq.full(), lq.full())
print([lq.get() for _ in range(3)], [pq.get_nowait() for _ in range(3)])
for item in [(2, 'b'), (1, 'z'), (2, 'a')]:
    pq.put(item)
print(pq.get(), pq.get(), pq.get(), pq.empty())
try:
    lq.get_nowait()
except queue.Empty:
    print('lifo Empty')
pq.put((1, {}))
try:
    pq.put((1, {}))
except TypeError as e:
    print('TypeError', e)
print(isinstance(lq, queue.Queue), isinstance(pq, queue.Queue), issubclass(queue.Full, Exception))
print(lq.maxsize, pq.maxsize, pq.qsize())
# ---
import queue
q = queue.SimpleQueue()
print(q.empty(), q.qsize())
q.put(1)
q.put(2, False)
q.put(3, True, -5)
q.put_nowait(4)
print(q.qsize(), q.empty(), q.get(), q.get(False), q.get(True, 0), q.get_nowait(), q.empty())
for f in [q.get_nowait, lambda: q.get(False), lambda: q.get(timeout=0), lambda: q.get(True, 0.01),
          lambda: q.get(False, -1)]:
    try:
        f()
    except queue.Empty as e:
        print('Empty', repr(e))
for f in [lambda: q.get(timeout=-1), lambda: q.get('x', -1)]:
    try:
        f()
    except ValueError as e:
        print('ValueError', e)
q.put('v')
try:
    q.get(timeout=-1)
except ValueError as e:
    print('ValueError with item', e, q.qsize())
try:
    q.get(timeout='x')
except TypeError as e:
    print('TypeError', e)
print(q.get(), hasattr(q, 'maxsize'), hasattr(q, 'task_done'), hasattr(q, 'full'))
# ---
import queue
print(queue.Empty, queue.Full, queue.Queue, queue.LifoQueue, queue.PriorityQueue, queue.SimpleQueue)
print(queue.Empty.__module__, queue.Full.__module__, queue.SimpleQueue.__module__)
print(queue.Queue[int], queue.SimpleQueue[int], queue.PriorityQueue[tuple[int, str]])
print(queue.__all__)
print(repr(queue.Empty()), repr(queue.Full('x')), str(queue.Full('x')))
class Tagged(queue.Queue):
    def _put(self, item):
        super()._put(('tag', item))
t = Tagged(2)
t.put(1)
print(t.get(), t.unfinished_tasks)
# ---
from queue import Queue
class Node:
    def __init__(self, data, left=None, right=None):
        self.data, self.left, self.right = data, left, right
def level_order(root):
    out = []
    q = Queue()
    q.put(root)
    while not q.empty():
        node = q.get()
        out.append(node.data)
        for child in (node.left, node.right):
            if child:
                q.put(child)
    return out
tree = Node(1, Node(2, Node(4), Node(5)), Node(3, None, Node(6, Node(7))))
print(level_order(tree))
