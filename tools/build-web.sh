#!/usr/bin/env bash
# Builds the web app into dist/ (what users open and what the end-to-end tests check):
# cargo (wasm32, profile web-release) → wasm-bindgen → wasm-opt → static files.
# Equivalent to `trunk build` with index.html, without needing Trunk installed.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/env.sh

cargo build -p exerscope-web --bin exerscope-web --profile web-release --target wasm32-unknown-unknown
rm -rf dist && mkdir -p dist/style
wasm-bindgen --target web --no-typescript --out-dir dist --out-name exerscope-web \
  target/wasm32-unknown-unknown/web-release/exerscope-web.wasm
wasm-opt -O3 dist/exerscope-web_bg.wasm -o dist/exerscope-web_bg.wasm
# The second parsing module: every grammar (CRUXEval-X's other languages), loaded only by drops that
# hold them (src/parse_modules.js). No wasm-opt: its parse tables are most of it and clang and LTO
# have optimised its code; wasm-opt -O3 took 3 minutes and its output gzips larger (3.67 against
# 3.36 MB).
cargo build -p exerscope-parser --lib --features all-grammars --profile web-release --target wasm32-unknown-unknown
wasm-bindgen --target web --no-typescript --out-dir dist/grammars --out-name exerscope-grammars \
  target/wasm32-unknown-unknown/web-release/exerscope_parser.wasm
cp src/worker.js src/parse_worker.js src/parse_modules.js src/run_worker.js src/run_cache.js dist/
# Pyodide (CPython in WebAssembly, from npm) runs programs in run_worker.js: only the files it loads.
mkdir dist/pyodide
for file in pyodide.mjs pyodide.asm.js pyodide.asm.wasm python_stdlib.zip pyodide-lock.json package.json; do
  cp "tools/node/node_modules/pyodide/$file" dist/pyodide/
done
cp style/main.css dist/style/main.css
# The page starts the module from a file of its own: the Content-Security-Policy forbids inline scripts.
cat > dist/start.js <<'JS'
import init from './exerscope-web.js';
init({ module_or_path: new URL('./exerscope-web_bg.wasm', import.meta.url) });
// Kept for offline use (sw.js); a page that cannot register one works as before.
navigator.serviceWorker?.register('./sw.js').catch((e) => console.warn('exerscope: no offline copy:', e));
JS
csp="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'"
sed -e "s|<!-- tools/build-web.sh puts a Content-Security-Policy here.*-->|<meta http-equiv=\"Content-Security-Policy\" content=\"$csp\" />|" \
    -e 's|<link data-trunk rel="css" href="style/main.css" />|<link rel="stylesheet" href="style/main.css" />|' \
    -e '/data-trunk rel="copy-/d' \
    -e 's|<link data-trunk rel="rust"[^>]*/>|<script type="module" src="start.js"></script>|' \
    index.html > dist/index.html
if grep -q 'data-trunk' dist/index.html; then echo "build-web: index.html has a Trunk link this script does not know" >&2; exit 1; fi
# The loader page of `#data=` links: it alone may download (from https: links, or this machine).
cp src/load.js dist/load.js
cp src/js/kept.js dist/kept.js
loader_csp="default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src https: http://127.0.0.1:* http://localhost:*"
sed -e "s|<!-- tools/build-web.sh puts this page's Content-Security-Policy here.*-->|<meta http-equiv=\"Content-Security-Policy\" content=\"$loader_csp\" />|" \
    load.html > dist/load.html
grep -q 'Content-Security-Policy' dist/load.html || { echo "build-web: load.html has no policy" >&2; exit 1; }
# The offline copy (sw.js): its version, a digest of everything else it serves, so that a new build
# replaces it; and its shell, every file but Pyodide's and the second parsing module's (kept once a
# drop loads them).
build=$(cd dist && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
{
  echo "const VERSION = '$build';"
  echo "const SHELL = ['./', $(cd dist && find . -type f ! -path './pyodide/*' ! -path './grammars/*' ! -name sw.js -printf "'%P'\n" | sort | paste -sd, -)];"
  cat src/sw.js
} > dist/sw.js
echo "build-web: dist/ ready ($(du -sh dist | cut -f1); wasm $(gzip -9c dist/exerscope-web_bg.wasm | wc -c) bytes gzipped," \
  "every grammar $(gzip -9c dist/grammars/exerscope-grammars_bg.wasm | wc -c))"
