import csv
rows = list(csv.reader(["name,age,city", "ada,36,London", '"Smith, J",41,"New\nYork"', 'q,"say ""hi""",x', ""]))
print(rows)
# ---
import csv, io
text = 'a,b,c\r\n1,"two\r\nlines",3\r\n\r\nx,,z\r\n'
r = csv.reader(io.StringIO(text, newline=""))
for row in r:
    print(r.line_num, row)
# ---
import csv, io
out = io.StringIO()
w = csv.writer(out)
print(w.writerow(["id", "name", "note"]))
w.writerow([1, "ada", 'said "hi"'])
w.writerow([2, "bob, jr", None])
w.writerow([3.5, "multi\nline", ""])
w.writerows([[True, False], [""], []])
print(repr(out.getvalue()))
# ---
import csv, io
out = io.StringIO()
w = csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\n")
w.writerow(["a", 1, None])
w = csv.writer(out, quoting=csv.QUOTE_NONNUMERIC)
w.writerow(["a", 1, 2.5, True])
w = csv.writer(out, delimiter=";", quotechar="'", lineterminator="|")
w.writerow(["x;y", "it's", "plain"])
print(repr(out.getvalue()))
# ---
import csv, io
f = io.StringIO("name,score\nada,90\nbob,75\n\ncy,88\n")
reader = csv.DictReader(f)
print(reader.fieldnames)
for row in reader:
    print(row["name"], int(row["score"]))
# ---
import csv, io
f = io.StringIO("a,b\n1,2,3,4\n5\n")
for row in csv.DictReader(f, restkey="extra", restval="?"):
    print(row)
print(list(csv.DictReader(["x y", "1 2"], delimiter=" ")), list(csv.DictReader(["1,2"], fieldnames=["p", "q"])))
# ---
import csv, io
out = io.StringIO()
w = csv.DictWriter(out, fieldnames=["id", "name", "tags"])
w.writeheader()
w.writerow({"id": 1, "name": "ada", "tags": "x,y"})
w.writerow({"id": 2, "name": "bob"})
w.writerows([{"name": "cy", "id": 3}])
print(out.getvalue())
# ---
import csv, io
w = csv.DictWriter(io.StringIO(), fieldnames=["a"])
w.writerow({"a": 1, "b": 2})
# raises: ValueError: dict contains fields not in fieldnames: 'b'
# ---
import csv, io
out = io.StringIO()
w = csv.DictWriter(out, fieldnames=["a"], extrasaction="ignore", lineterminator="\n")
w.writerow({"a": 1, "b": 2})
print(repr(out.getvalue()))
# ---
import csv
print(list(csv.reader(["1, 2, 3", ' "a", b'], skipinitialspace=True)))
print(list(csv.reader(["a\tb\tc"], dialect="excel-tab")), list(csv.reader(["a|b"], delimiter="|")))
print(list(csv.reader(['1,"x",2.5'], quoting=csv.QUOTE_NONNUMERIC)), list(csv.reader(['a\\,b,c'], escapechar="\\")))
print(list(csv.reader(['"a"b,c'])), list(csv.reader(['a"b,c'])), list(csv.reader(["a,b", "c"], quoting=csv.QUOTE_NONE)))
# ---
import csv
list(csv.reader(['"abc'], strict=True))
# raises: Error: unexpected end of data
# ---
import csv
print(list(csv.reader(['"abc'])))
list(csv.reader(['"a"b'], strict=True))
# raises: Error: ',' expected after '"'
# ---
import csv
csv.reader(["a"], delimiter="::")
# raises: TypeError: "delimiter" must be a 1-character string
# ---
import csv
csv.register_dialect("pipes", delimiter="|", quoting=csv.QUOTE_MINIMAL)
print(list(csv.reader(["a|'b|c'"], "pipes")), "pipes" in csv.list_dialects(), csv.get_dialect("pipes").delimiter)
print(csv.QUOTE_MINIMAL, csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC, csv.QUOTE_NONE, issubclass(csv.Error, Exception))
# ---
import csv
csv.get_dialect("nope")
# raises: Error: unknown dialect
# ---
import csv, io
out = io.StringIO()
csv.writer(out, quoting=csv.QUOTE_NONE).writerow(["a,b"])
# raises: Error: need to escape, but no escapechar set
# ---
import csv, io
out = io.StringIO()
csv.writer(out, quoting=csv.QUOTE_NONE, escapechar="\\").writerow(["a,b", 'q"'])
csv.writer(out, doublequote=False, escapechar="\\").writerow(['say "x"'])
print(repr(out.getvalue()))
# ---
import csv, io
data = [{"team": "core", "n": 3}, {"team": "web", "n": 5}]
buf = io.StringIO()
w = csv.DictWriter(buf, fieldnames=list(data[0]))
w.writeheader()
w.writerows(data)
back = list(csv.DictReader(io.StringIO(buf.getvalue())))
print(back, sum(int(r["n"]) for r in back))
# ---
import csv
lines = ["a,b,c\n", "1,,3\r\n", "\n", "", " x , y \n", "tail,", "n1,2.5\n"]
print(list(csv.reader(lines)), list(csv.reader([" a, b"], skipinitialspace=True)), list(csv.reader(["1,2.5,"], quoting=csv.QUOTE_NONNUMERIC)))
print(list(csv.reader(["a\tb"], delimiter="\t")), list(csv.reader(["a;b\rc"], delimiter=";")) if False else None, list(csv.reader(["x|y"], quoting=csv.QUOTE_NONE, delimiter="|")))
# ---
import csv
list(csv.reader(["a,b\rc"]))
# raises: Error: new-line character seen in unquoted field - do you need to open the file in universal-newline mode?
# ---
import csv
print(list(csv.reader(["a\0b,c", '"a\0",b'])))
# ---
import csv
rows = [["id", "name", "score"]] + [[str(i), "user%d" % i, str(i * 7 % 100)] for i in range(2000)]
text = "\n".join(",".join(r) for r in rows) + "\n"
parsed = list(csv.DictReader(text.splitlines(keepends=True)))
print(len(parsed), parsed[0], parsed[-1], sum(int(r["score"]) for r in parsed))
# ---
import csv, io
from decimal import Decimal
from fractions import Fraction
out = io.StringIO()
w = csv.writer(out, quoting=csv.QUOTE_NONNUMERIC, lineterminator="\n")
w.writerow([Decimal("1.5"), Fraction(1, 3), None, "s", 2 ** 70, 1e300, float("nan")])
w = csv.writer(out, lineterminator="\n")
w.writerow(["é", "a\r", 'q"', "x\ty", "", " "])
w.writerow([""])
print(out.getvalue(), end="")
