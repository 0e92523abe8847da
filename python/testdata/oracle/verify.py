"""Checks the conformance corpus against CPython alone, while writing cases.

    python3 python/testdata/oracle/verify.py [name-substring ...]

Runs every core and async case through driver.py twice, under two hash
seeds, and reports cases that (a) do not end as their marker says (no
marker: must not raise; `# raises: Type: msg`: must raise exactly that) or
(b) print differently under the two seeds (set order of strs leaking into
output). The Go test python/conformance_test.go applies the same rules.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TESTDATA = os.path.dirname(HERE)


def split_cases(kind, path):
    base = os.path.basename(path)[:-3]
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    chunks, cur = [], []
    for line in lines:
        if line.strip() == "# ---":
            chunks.append(cur)
            cur = []
        else:
            cur.append(line)
    chunks.append(cur)
    out = []
    for i, chunk in enumerate(chunks, 1):
        name = "%s/%s" % (kind, base) if len(chunks) == 1 else "%s/%s#%d" % (kind, base, i)
        out.append({"name": name, "source": "\n".join(chunk).strip("\n") + "\n"})
    return out


def marker(src):
    lines = [l.strip() for l in src.split("\n") if l.strip()]
    if lines and lines[-1].startswith("# raises:"):
        m = lines[-1][len("# raises:"):].strip()
        t, _, msg = m.partition(": ")
        return t, msg
    return None


def run(cases, snippet, seed):
    prelude = open(os.path.join(HERE, "prelude.py"), encoding="utf-8").read() if snippet else ""
    req = json.dumps({"snippet": snippet, "prelude": prelude, "cases": cases})
    env = dict(os.environ, PYTHONHASHSEED=str(seed))
    p = subprocess.run([sys.executable, os.path.join(HERE, "driver.py")], input=req,
                       capture_output=True, text=True, env=env, check=True)
    return json.loads(p.stdout)


def main():
    filters = sys.argv[1:]
    bad = 0
    for kind, snippet in (("core", False), ("async", True)):
        d = os.path.join(TESTDATA, kind)
        cases = []
        for fn in sorted(os.listdir(d)):
            if fn.endswith(".py"):
                cases += split_cases(kind, os.path.join(d, fn))
        if filters:
            cases = [c for c in cases if any(f in c["name"] for f in filters)]
        a = run(cases, snippet, 1)
        b = run(cases, snippet, 2)
        for c, ra, rb in zip(cases, a, b):
            m = marker(c["source"])
            got = (ra["exc_type"], ra["exc_msg"]) if ra["exc_type"] else None
            problems = []
            if m != got:
                problems.append("want %s, CPython gave %s" % (m, got))
            if ra != rb:
                problems.append("output depends on hash seed")
            if not ra["stdout"] and not m and ra["result_repr"] in ("None", "") and "assert" not in c["source"]:
                problems.append("checks nothing (no print, assert, marker or result)")
            if problems:
                bad += 1
                print("FAIL %s: %s\n  stdout: %r" % (c["name"], "; ".join(problems), ra["stdout"][:300]))
        print("%s: %d cases" % (kind, len(cases)))
    print("%d problem(s)" % bad)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
