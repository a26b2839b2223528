#!/bin/sh
# C compiler for wasm32-unknown-unknown. tree-sitter-language's build script exports its minimal libc
# headers (stdlib.h, string.h, ...) as DEP_TREE_SITTER_LANGUAGE_WASM_HEADERS to the grammar crates'
# build scripts, which run us through cc-rs. There is no libc on this target otherwise.
if [ -n "$DEP_TREE_SITTER_LANGUAGE_WASM_HEADERS" ]; then
  exec clang -isystem "$DEP_TREE_SITTER_LANGUAGE_WASM_HEADERS" "$@"
fi
exec clang "$@"
