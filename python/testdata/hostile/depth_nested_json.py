import json
x = []
for i in range(100000):
    x = [x]
json.dumps(x)
# limit: depth
