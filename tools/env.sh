# Sourced by the tools: puts the project's own wasm-opt (npm binaryen 132; Debian's 108 breaks the
# output) and cargo-installed tools first on PATH, and points wasm-bindgen-test at Chromium.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$root/tools/node/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
