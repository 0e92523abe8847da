import json
x = []
for i in range(200000):
    x = [x]
json.dumps(x)
# limit: depth
