# Comprehension-heavy reshaping: nested list/dict/set comprehensions and generator expressions.
data = [[(i * j) % 17 for j in range(30)] for i in range(3000)]
flat = [x for row in data for x in row if x % 2 == 0]
squares = {i: i * i for i in range(50000)}
uniq = {x % 1000 for x in flat}
evens = sum(1 for v in squares.values() if v % 2 == 0)
pairs = [(a, b) for a in range(200) for b in range(a, 200) if (a + b) % 11 == 0]
cols = [sum(row[c] for row in data) for c in range(30)]
inverted = {v: k for k, v in squares.items() if k % 3 == 0}
return len(flat), len(uniq), evens, len(pairs), cols[:3], len(inverted)
