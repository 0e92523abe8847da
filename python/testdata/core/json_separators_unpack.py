# json.dumps unpacks separators like an assignment and checks the key
# separator (the encoder's argument 5) before the item separator.
import json

def run(f):
    try:
        return repr(f())
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)

for seps in [(',',), [',', ':', ';'], 7, [3, ':'], [',', 4], [5, 6], ('|', '='), iter(['; ', '->'])]:
    print(run(lambda: json.dumps({'k': [1, 2]}, separators=seps)))
