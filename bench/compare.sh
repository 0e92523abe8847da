#!/usr/bin/env bash
# Runs every benchmark program under CPython and under the embedded
# interpreter in the same run, and prints the time of each, their ratio, and
# the geometric mean of the ratios. Monty is a third column when its npm
# package is installed in bench/.node (npm install --prefix bench/.node @pydantic/monty@0.0.18).
# Usage: bash bench/compare.sh [N]   (best of N runs each, default 5)
set -euo pipefail
cd "$(dirname "$0")"
n=${1:-5}
go build -o /tmp/toolplane-pytime ./pytime
monty=""
if [ -d .node/node_modules/@pydantic/monty ]; then monty=yes; fi
printf "%-20s %10s %10s %8s" program cpython_ms ours_ms ratio
[ -n "$monty" ] && printf " %10s" monty_ms
printf "\n"
ratios=()
for p in programs/*.py; do
  case "$p" in *_prelude.py) continue;; esac
  name=$(basename "$p" .py)
  c=$(python3 cpython_time.py "$p" "$n")
  o=$(/tmp/toolplane-pytime "$p" "$n" 2>/dev/null || echo fail)
  if [ "$o" = fail ]; then
    printf "%-20s %10s %10s %8s\n" "$name" "$c" "error" "-"
    continue
  fi
  r=$(python3 -c "print(f'{$o/$c:.2f}')")
  ratios+=("$r")
  printf "%-20s %10s %10s %8s" "$name" "$c" "$o" "${r}x"
  if [ -n "$monty" ]; then
    m=$(NODE_PATH=.node/node_modules node monty_time.mjs "$p" "$n" 2>/dev/null || echo "n/a")
    printf " %10s" "$m"
  fi
  printf "\n"
done
python3 -c "import math,sys; r=[float(x) for x in sys.argv[1:]]; print(f'geometric mean ratio (ours/cpython): {math.exp(sum(map(math.log,r))/len(r)):.2f}x over {len(r)} programs') if r else print('no program ran')" "${ratios[@]}"
