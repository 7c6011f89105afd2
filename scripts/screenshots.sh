#!/usr/bin/env bash
# npm run screenshots: refreshes the README's pictures (docs/inspector.png) from the development
# build in real Chromium. Tests never write docs/: their screenshots go to .tmp/e2e/.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh
export PATH="$PWD/node_modules/.bin:$PATH"

TAG_ENV=development tsx esbuild.config.ts
SCREENSHOT_DIR=docs vitest run --config vitest.e2e.config.ts test/e2e/inspector.e2e.ts
echo "docs/inspector.png refreshed."
