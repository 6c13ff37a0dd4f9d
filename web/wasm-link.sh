#!/usr/bin/env bash
# The linker for WebAssembly builds (named in .cargo/config.toml). It links with Rust's own
# rust-lld, as rustc would; then, for the web app only, it splits the binary at its lazy points
# (`#[lazy]` functions: each game's screens) with wasm-split-cli, so that a game's code is
# fetched when that game is first opened. The main part goes on to wasm-bindgen as usual; the
# game parts and their loader (__wasm_split.js) are put beside it, where web/place-split.mjs
# (a Trunk hook) takes them into the build.
set -euo pipefail

lld="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin/rust-lld"
out=""
prev=""
for arg in "$@"; do
  if [[ "$prev" == "-o" ]]; then out="$arg"; fi
  prev="$arg"
done
flavor=()
[[ "${1:-}" == "-flavor" ]] || flavor=(-flavor wasm)
case "$(basename "$out")" in
  parlour_web-*.wasm) ;;
  *) exec "$lld" "${flavor[@]}" "$@" ;;
esac
# The splitter needs the relocations to see which code each part uses.
"$lld" "${flavor[@]}" "$@" --emit-relocs

# Only a binary with split points is split.
grep -q -a "__wasm_split_unstable" "$out" || exit 0

split_dir="$(dirname "$out")/../wasm-split"
rm -rf "$split_dir"
mkdir -p "$split_dir"
tool="$(command -v wasm-split-cli || echo "$HOME/.cargo/bin/wasm-split-cli")"
"$tool" "$out" "$split_dir" --target web --out-name parlour-web >&2
mv "$split_dir/parlour-web.wasm" "$out"
