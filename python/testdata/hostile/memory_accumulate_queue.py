import queue
q = queue.PriorityQueue()
s = queue.SimpleQueue()
for i in range(10 ** 7):
    q.put((i, [i] * 100))
    s.put_nowait(str(i) * 50)
# limit: memory
