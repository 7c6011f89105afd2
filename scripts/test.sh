#!/usr/bin/env bash
# npm test: install what is missing (node modules, Chromium), then formatting and lint, typecheck,
# import boundaries, unit tests, size budgets, development and staging builds (build/) and
# end-to-end tests, in that order, and checks that dist/ was left as it was. Stops at the first
# failure.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh
export PATH="$PWD/node_modules/.bin:$PATH"

step() {
  local name=$1
  shift
  echo
  echo "==> $name"
  if ! "$@"; then
    echo
    echo "FAILED: $name" >&2
    exit 1
  fi
}

# dist/ holds what `npm run build` made, to be published: nothing here may change it.
dist_state() { if [ -d dist ]; then find dist -type f -exec sha1sum {} + | sort; fi; }
dist_before=$(dist_state)

step "Formatting and lint (Biome: biome.jsonc)" biome ci .
step "Typecheck" tsc --noEmit -p .
step "Import boundaries" tsx scripts/checkImports.ts
step "Unit tests" vitest run
step "Size budgets (production build in build/production/, gzip -9)" tsx scripts/checkSizes.ts
step "Development build (build/development/)" env TAG_ENV=development tsx esbuild.config.ts
step "Staging build (build/staging/)" env TAG_ENV=staging TAG_OUTDIR=build/staging tsx esbuild.config.ts
step "End-to-end tests" vitest run --config vitest.e2e.config.ts
step "dist/ untouched (only npm run build writes it)" test "$dist_before" = "$(dist_state)"

echo
echo "All checks passed."
