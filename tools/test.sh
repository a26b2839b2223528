#!/usr/bin/env bash
# Runs every test: installs what is missing, then
#   1. native: the core's unit tests, and integration tests on ../shared/fixtures (core and CLI),
#      and the app's own unit tests (URL state, windowing, sections): plain #[test]s, which the wasm
#      runner does not collect
#   2. wasm: the app's tests in headless Chromium (wasm-bindgen-test)
#   3. end to end: builds dist/, serves it on 127.0.0.1 and drives Chromium with real files
# Real-data tests skip with a message when ../shared/fixtures is absent (EXERSCOPE_FIXTURES points
# elsewhere), and fail when it is absent under CI=true.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install.sh
source tools/env.sh
# One target directory and the dev profile's dependencies are shared by both cargo test runs.
echo "== native tests"
cargo test --workspace --exclude exerscope-web
# With the command line's grammars, so that the core built above serves (no build of its own).
cargo test -p exerscope-web --lib --features exerscope-core/all-grammars
echo "== wasm tests in headless Chromium"
cargo test -p exerscope-web --target wasm32-unknown-unknown
echo "== end to end"
tools/build-web.sh
node tests/e2e/e2e.mjs
