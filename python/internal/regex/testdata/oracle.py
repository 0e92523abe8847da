# CPython oracle for the regex differential test: reads a JSON list of cases on stdin and
# writes a JSON list of results, one per case, in the shape diff_test.go builds.
import json
import re
import sys
import warnings

warnings.simplefilter("ignore")


def enc(x, b):
    return x.encode("latin-1") if b else x


def dec(x, b):
    if x is None:
        return None
    return x.decode("latin-1") if b else x


def mres(m, b):
    if m is None:
        return None
    n = m.re.groups
    return {
        "spans": [list(m.span(i)) for i in range(n + 1)],
        "groups": [dec(g, b) for g in m.groups()],
        "lastindex": m.lastindex,
        "lastgroup": m.lastgroup,
        "groupdict": {k: dec(v, b) for k, v in m.groupdict().items()},
        "pos": [m.pos, m.endpos],
    }


def run(c):
    b = c.get("bytes", False)
    op = c["op"]
    try:
        if op == "escape":
            return {"s": re.escape(c["subject"])}
        p = re.compile(enc(c["pattern"], b), c["flags"])
        s = enc(c.get("subject", ""), b)
        args = []
        if "pos" in c:
            args.append(c["pos"])
            if "endpos" in c:
                args.append(c["endpos"])
        if op in ("search", "match", "fullmatch"):
            return {"m": mres(getattr(p, op)(s, *args), b)}
        if op == "findall":
            out = []
            for t in p.findall(s, *args):
                out.append([dec(x, b) for x in t] if isinstance(t, tuple) else [dec(t, b)])
            return {"l": out}
        if op == "finditer":
            return {"l": [mres(m, b)["spans"] for m in p.finditer(s, *args)]}
        if op == "sub":
            r, n = p.subn(enc(c["repl"], b), s, count=c.get("count", 0))
            return {"s": dec(r, b), "n": n}
        if op == "subfn":
            r, n = p.subn(lambda m: "<%s|%d>" % (m.group(0)[::-1], m.lastindex or 0), s,
                          count=c.get("count", 0))
            return {"s": r, "n": n}
        if op == "split":
            return {"l": [dec(x, b) for x in p.split(s, maxsplit=c.get("count", 0))]}
        if op == "compile":
            return {"groups": p.groups, "groupindex": dict(p.groupindex), "flags": p.flags}
        if op == "expand":
            m = p.search(s)
            return {"s": dec(m.expand(enc(c["repl"], b)), b) if m else None}
        raise ValueError("unknown op " + op)
    except Exception as e:
        return {"error": type(e).__name__, "msg": str(e)}


cases = json.load(sys.stdin)
json.dump([run(c) for c in cases], sys.stdout)
