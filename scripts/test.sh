#!/usr/bin/env bash
# Runs every test of the project: the README's test command, and what CI runs.
# Installs what the tests need first.
set -euo pipefail
cd "$(dirname "$0")/.."

# Upstream MCP servers that tests start as real subprocesses are npm
# packages; install them when Node is available. Without Node those tests
# skip locally (under CI=true they fail, so CI machines need Node).
if command -v npm >/dev/null 2>&1; then
	bash scripts/install-test-deps.sh
else
	echo "test.sh: npm not found; tests that need Node packages will skip" >&2
fi

go vet ./...
go test ./...
