#!/bin/sh
# C compiler for wasm32-unknown-unknown. tree-sitter-language's build script exports its minimal libc
# headers (stdlib.h, string.h, ...) as DEP_TREE_SITTER_LANGUAGE_WASM_HEADERS to the grammar crates'
# build scripts, which run us through cc-rs. There is no libc on this target otherwise; what the
# grammars' scanners need beyond those headers is in tools/wasm-include (searched first), and the
# functions behind them in crates/core/src/wasm_libc.rs.
if [ -n "$DEP_TREE_SITTER_LANGUAGE_WASM_HEADERS" ]; then
  exec clang -isystem "$(dirname "$0")/wasm-include" -isystem "$DEP_TREE_SITTER_LANGUAGE_WASM_HEADERS" "$@"
fi
exec clang "$@"
