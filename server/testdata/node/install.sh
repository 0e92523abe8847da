#!/usr/bin/env bash
# Installs the npm packages the facade's tests drive toolplane with: the
# TypeScript MCP SDK (a second real client) and, on Node 22, the MCP
# conformance suite. Idempotent: packages already present at the pinned
# version are left alone, so a second run makes no network request.
#
# Packages go to $TOOLPLANE_FACADE_NODE_PREFIX (default
# <repo>/.cache/node-facade). Tests skip when they are missing, unless
# TOOLPLANE_REQUIRE_NODE is set (the test script sets it after running this).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
prefix="${TOOLPLANE_FACADE_NODE_PREFIX:-$repo/.cache/node-facade}"

packages=(
	"@modelcontextprotocol/sdk@1.32.2"
	# The conformance suite needs Node 22; the node package brings its own.
	"node@22.23.3"
	"@modelcontextprotocol/conformance@0.1.16"
)

if ! command -v npm >/dev/null 2>&1; then
	echo "install.sh: npm is not on PATH; install Node.js 20 or newer first" >&2
	exit 1
fi

# shellcheck source=../../../scripts/lib/npm.sh
source "$repo/scripts/lib/npm.sh"
npm_install_pinned "$prefix" "${packages[@]}"
