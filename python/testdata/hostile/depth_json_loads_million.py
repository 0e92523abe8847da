import json
x = json.loads("[" * 1000000 + "]" * 1000000)
# limit: depth|memory
