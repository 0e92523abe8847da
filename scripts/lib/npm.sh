# Shared by the install scripts: npm packages pinned by exact version.
#
#   npm_install_pinned PREFIX NAME@VERSION...
#
# installs into PREFIX/node_modules those of the packages that are missing or
# at another version, and nothing else, so a second run makes no network
# request. It returns 0 when everything is present afterwards.
npm_install_pinned() {
	local prefix="$1"
	shift
	local spec name want pkgjson have
	local missing=()
	mkdir -p "$prefix"
	for spec in "$@"; do
		name="${spec%@*}"
		want="${spec##*@}"
		pkgjson="$prefix/node_modules/$name/package.json"
		have=""
		if [[ -f "$pkgjson" ]]; then
			have="$(node -p "require(process.argv[1]).version" "$pkgjson" 2>/dev/null || true)"
		fi
		if [[ "$have" != "$want" ]]; then
			missing+=("$spec")
		fi
	done
	if ((${#missing[@]} == 0)); then
		return 0
	fi
	echo "installing ${missing[*]} into $prefix" >&2
	npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error "${missing[@]}"
}
