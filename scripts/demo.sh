#!/usr/bin/env bash
# npm run demo: install what is missing, build the tag for development, start the demo site
# on 127.0.0.1 (PORT overrides the default 8080).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-deps.sh
export PATH="$PWD/node_modules/.bin:$PATH"

echo "==> Building the tag for development (build/development/, served at /dist/; dist/ is left alone)"
TAG_ENV=development tsx esbuild.config.ts

echo "==> Starting the demo server"
exec tsx demo/server.ts
