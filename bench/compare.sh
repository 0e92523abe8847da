#!/usr/bin/env bash
# Runs every benchmark program under CPython, the embedded interpreter, Monty
# and starlark-go in the same run, and prints the best-of-N time of each, the
# ratio ours/CPython, and at the end a Markdown table (with geometric means)
# that can be pasted into an issue note. See bench/README.md.
# Four measures per program, each against CPython in the same run:
#   - warm: in-process runs (parse/compile + run), best of N in one process:
#     the interpreter alone;
#   - served: the program sent N times as execute_code to a real `toolplane
#     serve mcp` (its default sandbox: a worker process per session) by an
#     MCP client, bench/servetime: best and median of the call as the
#     client sees it, against CPython's best and median of N in-process
#     runs, and the best duration_ms execute_code reports (the run as the
#     server timed it, without the MCP wire); issue 16's "warm". servetime's
#     config raises [session] max_host_calls (a run may make 1 000
#     capability calls by default) so hostcalls.py's 2 000 run; each is a
#     real call to an upstream MCP server, against CPython's in-process
#     stubs, so its served ratio is shown but left out of the geomeans;
#   - cold run: the first run in a fresh process, a process per sample, as
#     the in-process time of that run: `toolplane run --json`'s duration_ms
#     against `python3 -S cpython_time.py FILE 1`;
#   - cold process: the same processes timed whole (start-up, package
#     initialisation, configuration, run, exit), as a user's `toolplane run
#     FILE` meets it. CPython runs with -S, without the site-packages hooks
#     a machine may have, and imports asyncio as the snippet contract needs.
# At the end, a trivial snippet (`return 1`) gives the start-up line.
#   - Monty is a column when its npm package is installed in bench/.node:
#       npm install --prefix bench/.node @pydantic/monty@0.0.18
#   - starlark-go is a column when bench/starlark (its own Go module) builds;
#     the first build fetches go.starlark.net through the Go module proxy.
#     Programs without a faithful translation in bench/starlark/programs
#     (and programs Monty cannot run) show n/a.
# Usage: bash bench/compare.sh [N [ROUNDS]]   (best of N runs each, default 5,
#        repeated in ROUNDS interleaved rounds, default 1, keeping the best)
#        TOOLPLANE_CPUTIME=1 bash bench/compare.sh [N]   (every timer measures
#        process CPU instead of wall time: steadier on a shared machine)
set -euo pipefail
cd "$(dirname "$0")"
n=${1:-5}
rounds=${2:-1}
# least A B prints the smaller of two times. An empty or "-" A gives way to
# B; an error in any round sticks; n/a gives way to a number.
least() {
  case "$1/$2" in
    "/"* | "-/"*) echo "$2"; return ;;
    error/* | */error) echo error; return ;;
  esac
  case "$1" in
    *[!0-9.]*) case "$2" in *[!0-9.]* | "") echo "$1" ;; *) echo "$2" ;; esac ;;
    *) case "$2" in *[!0-9.]* | "") echo "$1" ;; *) awk -v a="$1" -v b="$2" 'BEGIN { print (b + 0 < a + 0) ? b : a }' ;; esac ;;
  esac
}
# ratio A B prints A/B as "1.23x", or "-" when either is no number.
ratio() {
  case "$1/$2" in
    *[!0-9./]*) echo "-" ;;
    *) awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx\n", a / b }' ;;
  esac
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The real interpreter, not a pyenv shim, so a shim's start-up is not timed.
py=$(pyenv which python3 2>/dev/null || command -v python3)
go build -o "$tmp/pytime" ./pytime
go build -o "$tmp/coldtime" ./coldtime
go build -o "$tmp/servetime" ./servetime
# The binary as it ships (the Dockerfile's build): static, without cgo,
# so a cold process does not pay the dynamic loader and libc's threads
# (about 5% of a trivial run's instructions and page faults).
(cd .. && CGO_ENABLED=0 go build -trimpath -o "$tmp/toolplane" ./cmd/toolplane)
# Cold processes run with a fresh HOME in an empty directory, so no user
# configuration or audit log of this machine is timed.
mkdir -p "$tmp/home" "$tmp/cold"
cold() { (cd "$tmp/cold" && HOME="$tmp/home" TOOLPLANE_CONFIG="" "$tmp/coldtime" "$@" 2>/dev/null || echo error); }
monty=""
if [ -d .node/node_modules/@pydantic/monty ] && command -v node >/dev/null; then monty=yes; fi
star=""
if (cd starlark && go build -o "$tmp/startime" .) 2>"$tmp/star.err"; then
  star=yes
else
  echo "compare.sh: starlark-go column left out: $(tail -1 "$tmp/star.err")" >&2
fi

clock="wall time"
if [ -n "${TOOLPLANE_CPUTIME:-}" ]; then export TOOLPLANE_CPUTIME; clock="process CPU time"; fi
echo "best of $n runs x $rounds rounds, $clock in ms; $("$py" -V), $(go version | cut -d' ' -f3)${monty:+, monty 0.0.18}${star:+, starlark-go $(cd starlark && go list -m -f '{{.Version}}' go.starlark.net)}"
printf "%-16s %10s %10s %7s | %9s %9s %7s %9s %7s %9s | %10s %10s %7s | %10s %10s %7s | %10s %11s\n" program cpython_ms ours_ms ratio \
  srv_best ratio cpy_med srv_med ratio run_ms cpy_first our_first ratio cpy_proc our_proc ratio monty_ms starlark_ms
rows="$tmp/rows.tsv"
: >"$rows"
for p in programs/*.py; do
  case "$p" in *_prelude.py) continue;; esac
  name=$(basename "$p" .py)
  c="" o="" cm="" sb="" sm="" sr="" cf="" of="" cp="" op="" m="-" s="-"
  # The binary has no host functions: in the cold runs a program's
  # prelude (its CPython stubs) comes first in the file, for both.
  src="$tmp/cold/$name.py"
  if [ -f "programs/${name}_prelude.py" ]; then
    cat "programs/${name}_prelude.py" "$p" >"$src"
  else
    cp "$p" "$src"
  fi
  # Rounds interleave the interpreters, so a burst of load on a shared
  # machine hits one round of each rather than all runs of one.
  for _ in $(seq "$rounds"); do
    read -r cb cmed <<<"$("$py" cpython_time.py "$p" "$n" median)"
    c=$(least "$c" "$cb")
    cm=$(least "$cm" "$cmed")
    o=$(least "$o" "$("$tmp/pytime" "$p" "$n" 2>/dev/null || echo error)")
    # Served: best, median, duration_ms best (and its median, unused).
    # A program a served limit stops prints n/a, and why on stderr
    # (servetime raises only max_host_calls, for hostcalls).
    read -r vb vm vr _ <<<"$("$tmp/servetime" -n "$n" -toolplane "$tmp/toolplane" "$p" || echo error error error error)"
    sb=$(least "$sb" "$vb")
    sm=$(least "$sm" "$vm")
    sr=$(least "$sr" "$vr")
    # duration_ms is wall time, so CPython's first run is too, whatever
    # TOOLPLANE_CPUTIME says.
    cf=$(least "$cf" "$(cold -report stdout "$n" env -u TOOLPLANE_CPUTIME "$py" -S "$PWD/cpython_time.py" "$src" 1)")
    of=$(least "$of" "$(cold -report duration_ms "$n" "$tmp/toolplane" run --json "$src")")
    cp=$(least "$cp" "$(cold "$n" "$py" -S "$PWD/cpython_time.py" "$src" 1)")
    op=$(least "$op" "$(cold "$n" "$tmp/toolplane" run "$src")")
    [ -n "$monty" ] && m=$(least "$m" "$(node monty_time.mjs "$p" "$n" 2>/dev/null || echo n/a)")
    if [ -n "$star" ]; then
      t=n/a
      [ -f "starlark/programs/$name.star" ] && t=$("$tmp/startime" "starlark/programs/$name.star" "$n" 2>/dev/null || echo error)
      s=$(least "$s" "$t")
    fi
  done
  printf "%-16s %10s %10s %7s | %9s %9s %7s %9s %7s %9s | %10s %10s %7s | %10s %10s %7s | %10s %11s\n" "$name" "$c" "$o" "$(ratio "$o" "$c")" \
    "$sb" "$(ratio "$sb" "$c")" "$cm" "$sm" "$(ratio "$sm" "$cm")" "$sr" \
    "$cf" "$of" "$(ratio "$of" "$cf")" "$cp" "$op" "$(ratio "$op" "$cp")" "$m" "$s"
  printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n" "$name" "$c" "$o" "$m" "$s" "$cf" "$of" "$cp" "$op" "$sb" "$cm" "$sm" "$sr" >>"$rows"
done
# Start-up: a trivial snippet in a fresh process.
echo "return 1" >"$tmp/cold/trivial.py"
tc="" to=""
for _ in $(seq "$rounds"); do
  tc=$(least "$tc" "$(cold "$n" "$py" -S "$PWD/cpython_time.py" "$tmp/cold/trivial.py" 1)")
  to=$(least "$to" "$(cold "$n" "$tmp/toolplane" run "$tmp/cold/trivial.py")")
done
echo
"$py" - "$rows" "$n" "$clock" "$rounds" "$tc" "$to" <<'PY'
import math, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
def num(s):
    try:
        return float(s)
    except ValueError:
        return None
def gmean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None
print("| program | CPython ms | ours ms | ours/CPython "
      "| served: ours best ms | ours/CPython best | CPython median ms | ours median ms | ours/CPython median | run's duration_ms "
      "| cold run: CPython ms | ours ms | ours/CPython "
      "| cold process: CPython ms | ours ms | ours/CPython | Monty ms | ours/Monty | starlark-go ms | ours/starlark |")
print("| --- " + "| ---: " * 19 + "|")
vs = {"cpython": [], "served": [], "served_median": [], "first": [], "process": [], "monty": [], "starlark": []}
wins = {"monty": [0, 0], "starlark": [0, 0]}
for name, c, o, m, s, cf, of, cp, op, sb, cm, sm, sr in rows:
    c, o = num(c), num(o)
    cells = [name, f"{c:.2f}", f"{o:.2f}" if o is not None else "error"]
    if o is not None:
        vs["cpython"].append(o / c)
    cells.append(f"{o / c:.2f}x" if o is not None else "-")
    for key, ref, raw in (("served", c, sb), ("served_median", num(cm), sm)):
        t = num(raw)
        if key == "served_median":
            cells.append(f"{ref:.2f}" if ref is not None else cm)
        cells.append(f"{t:.2f}" if t is not None else raw)
        if t is not None and ref:
            # hostcalls' served calls go to a real upstream MCP server,
            # CPython's to in-process stubs: shown, not in the geomean.
            if name != "hostcalls":
                vs[key].append(t / ref)
            cells.append(f"{t / ref:.2f}x")
        else:
            cells.append("-")
    cells.append(f"{num(sr):.2f}" if num(sr) is not None else sr)
    for key, cr, orr in (("first", cf, of), ("process", cp, op)):
        a, b = num(cr), num(orr)
        cells += [f"{a:.2f}" if a is not None else cr, f"{b:.2f}" if b is not None else orr]
        if a and b is not None:
            vs[key].append(b / a)
            cells.append(f"{b / a:.2f}x")
        else:
            cells.append("-")
    for key, raw in (("monty", m), ("starlark", s)):
        t = num(raw)
        cells.append(f"{t:.2f}" if t is not None else raw)
        if t is not None and o is not None:
            vs[key].append(o / t)
            wins[key][1] += 1
            wins[key][0] += o < t
            cells.append(f"{o / t:.2f}x")
        else:
            cells.append("-")
    print("| " + " | ".join(cells) + " |")
def line(key, label):
    g = gmean(vs[key])
    if g is None:
        return f"geometric mean ours/{label}: no program ran under both"
    extra = ""
    if key in wins:
        extra = f"; ours faster on {wins[key][0]} of {wins[key][1]}"
    return f"geometric mean ours/{label}: {g:.2f}x over {len(vs[key])} programs{extra}"
print()
print(line("cpython", "CPython") + ", warm (in-process)")
print(line("served", "CPython") + ", served (execute_code), best (hostcalls left out: its 2 000 capability calls go to an upstream MCP server, CPython's to in-process stubs)")
print(line("served_median", "CPython") + ", served (execute_code), median")
print(line("first", "CPython") + ", cold run (the first in a fresh process)")
print(line("process", "CPython") + ", cold process (whole)")
print(line("monty", "Monty"))
print(line("starlark", "starlark-go"))
tc, to = num(sys.argv[5]), num(sys.argv[6])
if tc and to is not None:
    print(f"start-up, a fresh process running `return 1`: toolplane run {to:.2f} ms, CPython {tc:.2f} ms ({to / tc:.2f}x)")
print(f"(warm: best of {sys.argv[2]} in-process runs; served: best and median of {sys.argv[2]} execute_code calls to one "
      f"`toolplane serve mcp` session, against CPython's best and median of {sys.argv[2]} in-process runs; cold: best of {sys.argv[2]} fresh processes; in each of {sys.argv[4]} "
      f"interleaved rounds, {sys.argv[3]}; parse/compile + run; a ratio below 1 means ours is faster)")
PY
