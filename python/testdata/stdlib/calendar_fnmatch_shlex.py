import calendar
print(calendar.isleap(2024), calendar.isleap(1900), calendar.leapdays(2000, 2025), calendar.weekday(2024, 2, 29), calendar.monthrange(2024, 2), calendar.monthrange(2023, 12))
print(calendar.day_name[0], calendar.month_name[12], calendar.month_abbr[1], calendar.day_abbr[6], calendar.MONDAY, calendar.SUNDAY)
# ---
import calendar
print(calendar.monthcalendar(2024, 2))
print(calendar.timegm((2024, 1, 1, 0, 0, 0, 0, 1, 0)), calendar.timegm((1970, 1, 2, 3, 4, 5)))
# ---
import calendar
calendar.monthrange(2024, 13)
# raises: IllegalMonthError: bad month number 13; must be 1-12
# ---
import calendar, datetime
y, m = 2024, 5
last = calendar.monthrange(y, m)[1]
print(datetime.date(y, m, last), [d for d in range(1, last + 1) if calendar.weekday(y, m, d) == calendar.FRIDAY])
# ---
from fnmatch import fnmatch, fnmatchcase, filter
names = ["data.csv", "data.json", "notes.txt", "Data.CSV", "img_01.png", "img_2.png", "a[1].txt"]
print([n for n in names if fnmatch(n, "*.csv")], filter(names, "img_??.png"), filter(names, "[dn]*"), filter(names, "[!d]*.t?t"))
print(fnmatchcase("Data.CSV", "*.csv"), fnmatch("x", "*"), fnmatch("", "*"), fnmatch("a[1].txt", "a[[]1].txt"), filter(names, "*[0-9].png"))
# ---
import shlex
print(shlex.split("git commit -m 'first commit' --author=\"A B <a@b.c>\""), shlex.split("a\\ b c"), shlex.split("  x  "), shlex.split(""))
print(shlex.quote("safe-name_1.txt"), shlex.quote("has space"), shlex.quote("it's"), shlex.quote(""), shlex.join(["ls", "-l", "my file"]))
# ---
import shlex
print(shlex.split('echo "a \\"quoted\\" word" \'$HOME\' # comment', comments=True), shlex.split('x"y z"w'))
# ---
import shlex
shlex.split("echo 'unterminated")
# raises: ValueError: No closing quotation
# ---
import posixpath as p
print(p.join("a", "b", "c.txt"), p.join("/x", "/abs", "y"), p.join("a/", "b"), p.split("/a/b/c.txt"), p.split("c"), p.split("/"), p.basename("/a/b/"), p.dirname("/a/b/c"))
print(p.splitext("archive.tar.gz"), p.splitext(".bashrc"), p.splitext("a/b.c/d"), p.normpath("/a//b/./c/../d/"), p.normpath("../x/../../y"), p.normpath(""), p.isabs("/r"))
print(p.commonprefix(["/usr/lib", "/usr/local"]), p.commonpath(["/usr/lib/x", "/usr/local/y"]), p.commonpath(["a/b", "a/c"]), p.normpath("//a/b"))
# ---
from pathlib import Path, PurePosixPath, PurePath
p = Path("src/pkg/module.tar.gz")
print(p, repr(p), p.name, p.suffix, p.suffixes, p.stem, p.parent, p.parts, list(p.parents), p.is_absolute())
q = PurePosixPath("/etc") / "nginx" / "nginx.conf"
print(q, q.root, q.anchor, q.parts, q.with_suffix(".bak"), q.with_name("x.conf"), q.relative_to("/etc"), q.is_relative_to("/usr"), q.match("*.conf"), q.match("/etc/*/*.conf"))
print(PurePath("a//b/./c/"), PurePath(""), PurePath("a", "/b", "c"), PurePath("x/y") == PurePosixPath("x/y"), sorted([Path("b"), Path("a/z"), Path("a")]), Path(".bashrc").suffix, Path("a.").suffix, "lib" / Path("x.py"))
# ---
from pathlib import PurePosixPath
PurePosixPath("a/b").relative_to("c")
# raises: ValueError: 'a/b' is not in the subpath of 'c' OR one path is relative and the other is absolute.
# ---
from pathlib import Path
Path("x.txt").with_suffix("txt")
# raises: ValueError: Invalid suffix 'txt'
# ---
from pathlib import PurePath, Path
print(repr(PurePath("x/y")), type(PurePath("a")).__name__, repr(Path("/tmp")), Path("a") / "b" / "c.py")
# ---
import posixpath as p
print([p.commonprefix(x) for x in ([], [""], ["abc"], ["abc", "abd", "ab"], ["/usr/lib", "/usr/lib"], ["x", "y"], ["abc", "abcde"], [[1, 2, 3], [1, 2, 4]], [(1,), (1, 2)])])
print([p.commonpath(x) for x in (["/a"], ["/a/b/c", "/a/b/d", "/a/bc"], ["a/./b", "a/b/c"], ["/", "/x"], ["a", "b"], ["/a//b/", "/a/b"], ("x/y", "x/y/z"))])
for bad in ([], ["/a", "b"]):
    try:
        p.commonpath(bad)
    except ValueError as e:
        print("ValueError", e)
# ---
import calendar
print([calendar.isleap(y) for y in (1600, 1700, 1900, 2000, 2023, 2024, 0, -4, -100, 4)])
print([calendar.leapdays(a, b) for a, b in ((2000, 2000), (2000, 2001), (1, 2025), (1900, 1901), (2024, 2020), (-10, 10), (0, 1))])
print([calendar.monthrange(y, 2) for y in (1900, 2000, 2023, 2024)], calendar.monthrange(2024, 1), calendar.monthrange(9999, 12))
for bad in (0, 13, -1):
    try:
        calendar.monthrange(2024, bad)
    except calendar.IllegalMonthError as e:
        print(type(e).__name__, e, e.month, e.args, isinstance(e, ValueError))
try:
    calendar.setfirstweekday(7)
except calendar.IllegalWeekdayError as e:
    print(type(e).__name__, e, e.weekday, e.args)
