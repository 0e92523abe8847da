#!/usr/bin/env bash
# Runs every test of the project: the README's test command, and what CI runs.
#
# Needs Go (go.mod's version; an older go command downloads it) and CPython
# 3.11 as python3: the oracle of the interpreter's differential tests (under
# 3.12, 24 cases of TestConformance alone differ). A python3 of another
# version is fine when python3.11 is on PATH too: it is used in its place.
#
# When npm is present it installs what the tests drive toolplane with first
# (all from npm, pinned, idempotent; about 400 MB, once):
#   - upstream MCP servers the source tests start (.cache/node, a few MB),
#   - the TypeScript MCP SDK and the MCP conformance suite with Node 22,
#     which drive `toolplane serve mcp` as real clients (.cache/node-facade,
#     about 240 MB),
#   - Deno and Pyodide for the pyodide-deno backend (.cache/pyodide, about
#     140 MB).
# TOOLPLANE_TEST_DOWNLOADS=0 skips the installs (and npm's absence does):
# the tests that need them skip, unless CI=true, where they fail.
set -euo pipefail
cd "$(dirname "$0")/.."

# py_minor prints "3.11" for a python binary, nothing when it cannot run.
py_minor() { "$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || true; }

have="$(py_minor python3)"
if [[ "$have" != "3.11" ]]; then
	if [[ "$(py_minor python3.11)" == "3.11" ]]; then
		# The real executable, not a version manager's shim (a pyenv shim
		# named python3 would pick its own python3 again).
		exe="$(python3.11 -c 'import sys; print(sys.executable)')"
		shim="$PWD/.cache/python3.11/bin"
		mkdir -p "$shim"
		ln -sf "$exe" "$shim/python3"
		export PATH="$shim:$PATH"
		echo "test.sh: python3 is ${have:-missing}; using $exe (CPython 3.11, the tests' oracle) as python3" >&2
	else
		cat >&2 <<EOF
test.sh: the interpreter's differential tests compare against CPython 3.11, and
python3 here is ${have:-missing} with no python3.11 on PATH. Install CPython 3.11, then rerun:
  Debian/Ubuntu: apt-get install python3.11
  macOS:         brew install python@3.11
  any system:    uv python install 3.11 (put its bin directory on PATH), or pyenv install 3.11
EOF
		exit 1
	fi
fi

if [[ "${TOOLPLANE_TEST_DOWNLOADS:-1}" == "0" ]]; then
	echo "test.sh: TOOLPLANE_TEST_DOWNLOADS=0: nothing is installed; tests that need Node packages, Deno or Pyodide skip" >&2
elif command -v npm >/dev/null 2>&1; then
	bash scripts/install-test-deps.sh
	bash server/testdata/node/install.sh
	# The tests' install stays in the checkout; the variable tells both
	# the install script and the backend.
	export TOOLPLANE_PYODIDE_DIR="$PWD/.cache/pyodide"
	bash scripts/install-pyodide.sh
	export TOOLPLANE_REQUIRE_NODE=1
else
	# Without Node the tests that need these packages skip locally; under
	# CI=true they fail, so CI machines need Node.
	echo "test.sh: npm not found; tests that need Node packages will skip" >&2
fi

go vet ./...
# go test's default 10-minute limit per package is too tight on a loaded
# 2-core machine for the interpreter's package (its memory and hostile
# attacks re-execute the test binary); 30 minutes still ends a hang.
go test -timeout 30m ./...
# The starlark-go timer is a module of its own (so the main go.mod stays
# free of it); its test checks the translated benchmark programs.
(cd bench/starlark && go vet ./... && go test ./...)
