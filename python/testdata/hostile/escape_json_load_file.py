# json.load reads through the object it is given (its .read()), never a path:
# a file name is a str without read, and open() does not exist.
import json
json.load("/etc/passwd")
# raises: AttributeError
# ---
import json
json.load(open("/etc/passwd"))
# raises: NotImplementedError
# ---
import json
class Path:
    def read(self):
        return '{"not": "a file"}'
print(json.load(Path()))
json.dump({}, "/tmp/x")
# raises: AttributeError
