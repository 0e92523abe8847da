#!/usr/bin/env bash
# Installs what the pyodide-deno backend runs on: Deno (the npm package
# ships the binary per platform) and Pyodide (its core: the WebAssembly
# interpreter and the standard library), both pinned, from npm, into an
# install directory; then makes the start-up snapshot of a booted Pyodide
# there (a run then starts in a fraction of a second instead of seconds).
#
#   scripts/install-pyodide.sh [DIR]
#
# DIR defaults to where the backend looks: $TOOLPLANE_PYODIDE_DIR, else
# toolplane/pyodide in the user's cache directory ($XDG_CACHE_HOME or
# ~/.cache on Linux, ~/Library/Caches on macOS). One location: a DIR given
# here must be given to toolplane as $TOOLPLANE_PYODIDE_DIR too.
# Idempotent: pinned versions already present and an existing snapshot
# are left alone, so a second run makes no network request.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"

# default_dir is the backend's DefaultInstallDir (os.UserCacheDir).
default_dir() {
	if [[ -n "${TOOLPLANE_PYODIDE_DIR:-}" ]]; then
		echo "$TOOLPLANE_PYODIDE_DIR"
	elif [[ "$(uname -s)" == Darwin ]]; then
		echo "$HOME/Library/Caches/toolplane/pyodide"
	elif [[ "${XDG_CACHE_HOME:-}" == /* ]]; then
		echo "$XDG_CACHE_HOME/toolplane/pyodide"
	else
		echo "$HOME/.cache/toolplane/pyodide"
	fi
}
dir="${1:-$(default_dir)}"
deno_version="2.9.6"
pyodide_version="314.0.8"

if ! command -v npm >/dev/null 2>&1; then
	echo "install-pyodide: npm is not on PATH; install Node.js (20 or newer) first" >&2
	exit 1
fi

installed_version() {
	local pkgjson="$dir/node_modules/$1/package.json"
	if [[ -f "$pkgjson" ]]; then
		node -p "require(process.argv[1]).version" "$pkgjson" 2>/dev/null || true
	fi
}

mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
if [[ "$(installed_version deno)" != "$deno_version" || "$(installed_version pyodide)" != "$pyodide_version" ]]; then
	echo "install-pyodide: installing deno@$deno_version and pyodide@$pyodide_version into $dir"
	# The deno package's install script only copies the binary that its
	# per-platform dependency already ships; the backend finds it there.
	npm install --prefix "$dir" --no-audit --no-fund --loglevel=error --ignore-scripts \
		"deno@$deno_version" "pyodide@$pyodide_version"
fi

deno=""
case "$(uname -s)-$(uname -m)" in
Linux-x86_64) deno="$dir/node_modules/@deno/linux-x64-glibc/deno" ;;
Linux-aarch64) deno="$dir/node_modules/@deno/linux-arm64-glibc/deno" ;;
Darwin-x86_64) deno="$dir/node_modules/@deno/darwin-x64/deno" ;;
Darwin-arm64) deno="$dir/node_modules/@deno/darwin-arm64/deno" ;;
esac
if [[ -z "$deno" || ! -x "$deno" ]]; then
	echo "install-pyodide: the deno npm package shipped no binary for $(uname -s)-$(uname -m) (looked for ${deno:-nothing})" >&2
	exit 1
fi

pyodide="$dir/node_modules/pyodide"
snapshot="$dir/snapshot-$pyodide_version.bin"
if [[ -f "$snapshot" ]]; then
	echo "install-pyodide: deno $deno_version, pyodide $pyodide_version and the start-up snapshot are in $dir"
	exit 0
fi
echo "install-pyodide: making the start-up snapshot (boots Pyodide once; can take a minute on a busy machine)"
tmp="$snapshot.$$.tmp"
trap 'rm -f "$tmp"' EXIT
NO_COLOR=1 DENO_NO_UPDATE_CHECK=1 DENO_DIR="$dir/deno-dir" "$deno" run --no-prompt --no-config --no-lock --quiet \
	--allow-read="$pyodide,$repo/backend/pyodide/harness.mjs" --allow-write="$tmp" \
	"$repo/backend/pyodide/harness.mjs" "$pyodide" "$tmp" snapshot
mv "$tmp" "$snapshot"
echo "install-pyodide: done: $dir"
if [[ "$dir" != "$(TOOLPLANE_PYODIDE_DIR= default_dir)" && "$dir" != "${TOOLPLANE_PYODIDE_DIR:-}" ]]; then
	echo "install-pyodide: this is not where toolplane looks by default; run toolplane with TOOLPLANE_PYODIDE_DIR=$dir"
fi
