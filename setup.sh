#!/usr/bin/env bash
# Installs what Parlour's build and tests need, skipping whatever is already there.
# Safe to run again: a second run costs seconds. Used by serve.sh and test.sh.
set -euo pipefail
cd "$(dirname "$0")"

TRUNK_VERSION=0.21.14
BINARYEN_VERSION=132
WASM_SPLIT_VERSION=0.2.4
# wasm-bindgen-cli must match the wasm-bindgen in Cargo.lock exactly.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)

say() { printf '\033[1mparlour setup:\033[0m %s\n' "$*"; }
export PATH="$HOME/.cargo/bin:$PWD/.tools/node_modules/.bin:$PATH"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (a few minutes, once)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION"; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# The splitter that cuts the web app into parts loaded on demand (web/wasm-link.sh runs it).
if ! wasm-split-cli --help >/dev/null 2>&1; then
  say "installing wasm-split-cli $WASM_SPLIT_VERSION (a few minutes, once)"
  cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --locked
fi

if ! [ -x .tools/node_modules/.bin/wasm-opt ] || ! .tools/node_modules/.bin/wasm-opt --version 2>/dev/null | grep -q "version $BINARYEN_VERSION"; then
  say "installing wasm-opt (binaryen $BINARYEN_VERSION from npm) into .tools/"
  mkdir -p .tools
  (cd .tools && [ -f package.json ] || echo '{"private": true}' > package.json)
  (cd .tools && npm install --no-audit --no-fund --silent "binaryen@$BINARYEN_VERSION")
fi

if [ "${1:-}" = "--browser" ]; then
  if ! [ -x /usr/bin/chromium ] || ! [ -x /usr/bin/chromedriver ]; then
    say "installing Debian's chromium and chromium-driver"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver
  fi
  if ! [ -d tests/e2e/node_modules/playwright-core ] || ! [ -d tests/e2e/node_modules/axe-core ]; then
    say "installing the end-to-end test tools (playwright-core, axe-core) into tests/e2e/"
    (cd tests/e2e && npm ci --no-audit --no-fund --silent)
  fi
fi

cargo fetch --quiet
