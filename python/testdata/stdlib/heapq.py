import heapq
h = []
for x in [5, 3, 8, 1, 9, 2, 7]:
    heapq.heappush(h, x)
print(h)
print([heapq.heappop(h) for _ in range(len(h))])
# ---
import heapq
xs = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
heapq.heapify(xs)
print(xs)
print(heapq.heapreplace(xs, 10), xs)
print(heapq.heappushpop(xs, -1), heapq.heappushpop(xs, 4), xs)
# ---
import heapq
data = [("b", 2), ("a", 5), ("c", 1), ("d", 5)]
print(heapq.nlargest(2, data, key=lambda p: p[1]))
print(heapq.nsmallest(2, data, key=lambda p: p[1]))
print(heapq.nlargest(3, [1, 8, 2, 23, 7, -4, 18, 23, 42, 37, 2]))
print(heapq.nsmallest(3, [1, 8, 2, 23, 7, -4, 18, 23, 42, 37, 2]))
print(heapq.nsmallest(1, []), heapq.nlargest(0, [1, 2]), heapq.nlargest(1, [3, 1, 3]))
# ---
import heapq
print(list(heapq.merge([1, 3, 5, 7], [0, 2, 4, 8], [5, 10, 15, 20], [], [25])))
print(list(heapq.merge(['dog', 'horse'], ['cat', 'fish', 'kangaroo'], key=len)))
print(list(heapq.merge([5, 3, 1], [4, 2], reverse=True)))
# ---
import heapq
tasks = []
heapq.heappush(tasks, (2, "write"))
heapq.heappush(tasks, (1, "plan"))
heapq.heappush(tasks, (3, "ship"))
heapq.heappush(tasks, (1, "coffee"))
while tasks:
    prio, name = heapq.heappop(tasks)
    print(prio, name)
# ---
import heapq
h = [3, 1, 2]
heapq.heapify(h)
heapq.heappop(h); heapq.heappop(h); heapq.heappop(h)
heapq.heappop(h)
# raises: IndexError: index out of range
