import json
json.loads('{"a":' * 100000 + '1' + '}' * 100000)
# limit: depth
