# copy.deepcopy of JSON-like agent records and of a small board (backtracking style).
import copy
# Agent-style JSON-like records deep-copied repeatedly.
records = [{"id": i, "name": "item%d" % i, "tags": ["a", "b", str(i % 7)],
            "price": i * 1.25, "ok": i % 3 == 0, "meta": {"src": "x", "pos": (i, i + 1), "none": None}}
           for i in range(2000)]
total = 0
for _ in range(20):
    c = copy.deepcopy(records)
    total += len(c) + len(c[-1]["tags"])
board = [[0] * 9 for _ in range(9)]
for _ in range(3000):
    b = copy.deepcopy(board)
    b[0][0] = 1
return total, b[0][:3], records[0]["meta"]["pos"]
