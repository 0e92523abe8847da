# Runs each snippet of a JSON list under CPython and returns its printed output, ending
# with "Type: message" when it raises, for re_test.go to compare with the interpreter.
import contextlib
import io
import json
import sys

out = []
for src in json.load(sys.stdin):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        try:
            exec(compile(src, "<snippet>", "exec"), {"__name__": "__main__"})
        except Exception as e:
            print("%s: %s" % (type(e).__name__, e))
    out.append(buf.getvalue())
json.dump(out, sys.stdout)
