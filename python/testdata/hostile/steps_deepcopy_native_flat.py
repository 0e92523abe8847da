import copy
# One deepcopy call of 1.5 million items stays in Go: each item is a step.
big = [None] * 1500000
for _ in range(3):
    copy.deepcopy(big)
# limit: steps
