import json, re
for _ in range(2):
    d = json.loads(json.dumps({"k": ["x" * 1000] * 1000}))
    r = re.sub("x", "yy", "x" * 10 ** 4)
    t = repr([1, 2, 3] * 10 ** 4)
print(len(r) + len(t))
# completes
