import json
for doc in ['["éé", x]', '{"ü": 1,, }', '"\u00e9\\q"', '[1, 2', '["日本", "a\x01"]', '  é']:
    try:
        json.loads(doc)
    except json.JSONDecodeError as e:
        print(e.msg, e.pos, e.lineno, e.colno)
print(json.loads('{"a": [1.5, 100000, "xé", {"b": null}], "c": 10000000000000000000000}'))
# Positions count code points after multi-byte characters in keys, values and whitespace.
for doc in ['{"日本語": "é", "x": [1, 2, 3, "€"], "y": tru}', '["\\ud83d\\ude00", "😀", ]', '"é\\u00e9\\n" x']:
    try:
        print(json.loads(doc))
    except json.JSONDecodeError as e:
        print(e.msg, e.pos, e.lineno, e.colno)
