#!/usr/bin/env bash
# Runs every test of the project: the README's test command, and what CI runs.
# Installs what the tests need first (all from npm, pinned, idempotent):
#   - upstream MCP servers the source tests start (.cache/node),
#   - the TypeScript MCP SDK and the MCP conformance suite with Node 22,
#     which drive `toolplane serve mcp` as real clients (.cache/node-facade),
#   - Deno and Pyodide for the pyodide-deno backend (.cache/pyodide).
set -euo pipefail
cd "$(dirname "$0")/.."

if command -v npm >/dev/null 2>&1; then
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
go test ./...
# The starlark-go timer is a module of its own (so the main go.mod stays
# free of it); its test checks the translated benchmark programs.
(cd bench/starlark && go vet ./... && go test ./...)
