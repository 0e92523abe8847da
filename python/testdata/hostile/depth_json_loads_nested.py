import json
json.loads('[' * 100000 + ']' * 100000)
# limit: depth
