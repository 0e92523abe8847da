import json
json.load
# raises: AttributeError
