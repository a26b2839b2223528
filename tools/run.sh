#!/usr/bin/env bash
# Installs what is missing, builds the app and serves it on http://127.0.0.1:8080/ (PORT=... to change).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install.sh
tools/build-web.sh
exec node tools/serve.mjs "${PORT:-8080}"
