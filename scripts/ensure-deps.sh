#!/usr/bin/env bash
# Installs node modules when they are missing or older than package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v npm >/dev/null 2>&1; then
  echo "error: npm not found. Install Node.js 20 or newer (https://nodejs.org/) and try again." >&2
  exit 1
fi
node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 20 ]; then
  echo "error: Node.js 20 or newer is needed; this is $(node --version)." >&2
  exit 1
fi

marker=node_modules/.package-lock.json
if [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  echo "==> Installing node modules (npm ci)"
  npm ci --no-audit --no-fund
fi
