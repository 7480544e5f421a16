#!/usr/bin/env bash
# Refresh the vendored axe-core (used by the accessibility browser tests only; never shipped in
# a built site): bash tests/vendor/refresh_axe.sh [VERSION]   (default: the newest 4.x on npm)
set -euo pipefail
cd "$(dirname "$0")"
version="${1:-4}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack "axe-core@$version" --silent >/dev/null && tar xzf axe-core-*.tgz)
cp "$tmp/package/axe.min.js" "$tmp/package/LICENSE" "$tmp/package/LICENSE-3RD-PARTY.txt" axe-core/
node -e 'console.log(require(process.argv[1]).version)' "$tmp/package/package.json" > axe-core/VERSION
echo "axe-core $(cat axe-core/VERSION) in tests/vendor/axe-core/"
