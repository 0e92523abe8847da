#!/usr/bin/env bash
# Installs the npm packages that toolplane's tests run as real subprocesses
# (upstream MCP servers) into .cache/node/ of the repository. Idempotent: a
# package already present at the pinned version is left alone, so a second run
# makes no network request.
#
# Tests look for the packages under $TOOLPLANE_NODE_PREFIX (default
# <repo>/.cache/node). Without CI set they skip when the folder is missing; with
# CI=true they fail, so CI must run this script first.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${TOOLPLANE_NODE_PREFIX:-$PWD/.cache/node}"

# name@version pairs; pinned so every machine tests the same upstream code.
packages=(
	"@modelcontextprotocol/server-everything@2026.8.31"
)

if ! command -v npm >/dev/null 2>&1; then
	echo "install-test-deps: npm is not on PATH; install Node.js (20 or newer) first" >&2
	exit 1
fi

# The packages need Node 18 or newer (their engines field); Node 20 is what
# the project's machines have.
node_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if ((node_major < 18)); then
	echo "install-test-deps: Node $(node --version 2>/dev/null || echo missing) is too old; the test packages need Node 18 or newer" >&2
	exit 1
fi

# shellcheck source=lib/npm.sh
source scripts/lib/npm.sh
npm_install_pinned "$prefix" "${packages[@]}"
echo "install-test-deps: npm test packages present in $prefix"
