#!/usr/bin/env bash
# Runs every test of Parlour: format and lints, the native tests, the storage tests in headless
# Chromium, the release build served from a sub-path with its size report, and the end-to-end
# tests in Chromium. Installs whatever is missing first.
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh --browser
export PATH="$PWD/web/bin:$HOME/.cargo/bin:$PWD/.tools/node_modules/.bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "format"
cargo fmt --all -- --check

step "lints"
cargo clippy --all-targets -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --bin parlour-web -- -D warnings

step "native tests (rules, records, perft, play-outs, storage logic, sessions, the tool)"
cargo test

step "browser tests: storage on real localStorage (wasm-bindgen-test, headless Chromium)"
CHROMEDRIVER=/usr/bin/chromedriver \
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test --target wasm32-unknown-unknown --test web_storage

step "release build"
trunk build --release --offline --dist target/site

step "size report"
node tests/e2e/sizes.mjs target/site

step "end to end: the release build served from /parlour/ in Chromium"
node tests/e2e/run.mjs target/site

step "benchmarks (reported, not judged): the engine natively, time per move by level in Chromium, time to the first board"
cargo run --quiet --release --bin parlour -- bench --seconds 1
node tests/e2e/bench-levels.mjs target/site
node tests/e2e/bench-first-board.mjs target/site || echo "(the first-board benchmark could not run)"
