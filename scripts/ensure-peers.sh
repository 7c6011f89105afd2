#!/usr/bin/env bash
# Fetches the peers `npm run bench` measures beside the tag, at pinned versions, from the npm
# registry into .bench-peers/ (not a dependency of the tag or its tests, so `npm ci` stays lean).
set -euo pipefail
cd "$(dirname "$0")/.."

peers=("@adobe/alloy@2.33.1" "@segment/analytics-next@1.84.3" "@adobe/reactor-turbine@28.1.0")
mkdir -p .bench-peers
for spec in "${peers[@]}"; do
  name=${spec%@*}
  dir=".bench-peers/${name//\//+}@${spec##*@}"
  [ -f "$dir/package.json" ] && continue
  echo "==> Fetching $spec for the bench"
  tarball=$(cd .bench-peers && npm pack "$spec" --silent)
  mkdir -p "$dir"
  tar xzf ".bench-peers/$tarball" -C "$dir" --strip-components=1
  rm ".bench-peers/$tarball"
done
