#!/usr/bin/env bash
# Installs what is missing to build, run and test exerscope on Debian with Rust (rustup), and
# nothing else: every step checks first. Safe to run again. Needs root (or sudo) for apt-get.
#   clang + llvm-ar     compile the tree-sitter grammars' C code for wasm32
#   chromium + driver   run the browser tests (no browser is ever downloaded)
#   wasm32 target, wasm-bindgen-cli (the exact version of Cargo.lock), npm binaryen (wasm-opt 132)
#   playwright-core (drives Debian's Chromium) and pyodide (CPython in WebAssembly, for the app)
# Trunk is optional (`trunk serve` while developing): WITH_TRUNK=1 tools/install.sh adds it (~25 min).
# BUILD_ONLY=1 installs what building dist/ needs and no browser (the GitHub Pages workflow).
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/env.sh

say() { printf 'install: %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

packages=()
command -v clang >/dev/null || packages+=(clang)
command -v llvm-ar >/dev/null || packages+=(llvm)
if [ "${BUILD_ONLY:-0}" != 1 ]; then
  command -v chromium >/dev/null || packages+=(chromium)
  command -v chromedriver >/dev/null || packages+=(chromium-driver)
fi
command -v node >/dev/null || packages+=(nodejs npm)
if [ ${#packages[@]} -gt 0 ]; then
  say "apt-get install ${packages[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen's CLI must be the very version the app links (pinned in Cargo.toml, kept in Cargo.lock).
# No --locked: its own lockfile pins a crate version the registry mirror here does not serve.
bindgen=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"/\1/p;}' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen" ]; then
  say "cargo install wasm-bindgen-cli $bindgen (about 10-15 minutes)"
  cargo install wasm-bindgen-cli --version "$bindgen"
fi

if [ ! -x tools/node/node_modules/.bin/wasm-opt ] || [ ! -d tools/node/node_modules/playwright-core ] ||
   [ ! -f tools/node/node_modules/pyodide/pyodide.asm.wasm ]; then
  say "npm ci in tools/node (wasm-opt, playwright-core, pyodide)"
  (cd tools/node && npm ci --no-audit --no-fund --loglevel=error)
fi

if [ "${WITH_TRUNK:-0}" = 1 ] && [ "$(trunk --version 2>/dev/null)" != "trunk 0.21.14" ]; then
  # Trunk 0.22 needs a newer rustc than 1.95; its release profile (fat LTO) is cut to save time.
  say "cargo install trunk 0.21.14"
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo install trunk --locked --version 0.21.14
fi
say "everything needed is installed"
