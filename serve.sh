#!/usr/bin/env bash
# Builds Parlour (release) and serves it at http://127.0.0.1:8080/ (PORT=... to change).
# Installs whatever is missing first; costs seconds when everything is there.
#   ./serve.sh           build and serve
#   ./serve.sh --build   only build, into dist/ (for a static host, at its root or a sub-path)
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh
export PATH="$PWD/web/bin:$HOME/.cargo/bin:$PWD/.tools/node_modules/.bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
if [ "${1:-}" = "--build" ]; then
  trunk build --release --offline
  echo "Built into dist/: copy it to any static host, at its root or under a sub-path."
  exit 0
fi
port="${PORT:-8080}"
echo "Parlour will be at http://127.0.0.1:$port/ once built (Ctrl+C stops it)."
exec trunk serve --release --offline --address 127.0.0.1 --port "$port"
