import json
keep = []
for _ in range(100):
    keep.append(json.dumps([[[[1]]]] * 10 ** 4, indent=100))
# limit: memory
