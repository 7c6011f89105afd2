#!/usr/bin/env bash
# Makes sure Chromium is at /usr/bin/chromium for the end-to-end tests, installing the Debian
# package when it is missing. Idempotent. The browser never comes from npm.
# CHROMIUM_PATH points the tests at another Chromium instead (then nothing is installed).
set -euo pipefail

chromium=/usr/bin/chromium

works() { "$chromium" --version >/dev/null 2>&1; }

if [ -n "${CHROMIUM_PATH:-}" ]; then
  chromium=$CHROMIUM_PATH
  works || { echo "error: CHROMIUM_PATH=$CHROMIUM_PATH does not start (--version failed)." >&2; exit 1; }
  exit 0
fi

if [ -x "$chromium" ] && works; then
  exit 0
fi

fail() {
  echo "error: $*" >&2
  echo "The end-to-end tests need Chromium at $chromium (on Debian or Ubuntu: apt-get install chromium)." >&2
  exit 1
}

command -v apt-get >/dev/null 2>&1 || fail "Chromium is not at $chromium and apt-get is not available to install it."

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  if sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
  elif [ -t 0 ]; then
    as_root=(sudo)   # interactive: sudo may ask for a password
  else
    fail "installing Chromium needs root, and sudo cannot run without a password here."
  fi
else
  fail "installing Chromium needs root, and sudo is not available."
fi

echo "==> Installing Chromium (apt-get install chromium)"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get -o DPkg::Lock::Timeout=300 update || fail "apt-get update failed."
"${as_root[@]}" apt-get -o DPkg::Lock::Timeout=300 install -y chromium || fail "apt-get install chromium failed."

[ -x "$chromium" ] || fail "the chromium package was installed but $chromium does not exist."
works || fail "$chromium was installed but does not start ($chromium --version failed)."
echo "==> $("$chromium" --version 2>/dev/null)"
