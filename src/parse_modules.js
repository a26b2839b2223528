// The two wasm modules a parsing worker (parse_worker.js) can load, named here once for worker.js
// and parse_worker.js: the app's own (Python and Java) and the second, every grammar (the other
// languages of CRUXEval-X; tools/build-web.sh builds it from crates/parser with `all-grammars`).
// A worker is told a module's name, never a path: nothing from a message picks what is imported.
export const BASE_MODULE = { name: 'base', glue: './exerscope-web.js', wasm: './exerscope-web_bg.wasm' };
export const GRAMMARS_MODULE = {
  name: 'grammars',
  glue: './grammars/exerscope-grammars.js',
  wasm: './grammars/exerscope-grammars_bg.wasm',
};
export const MODULES = { base: BASE_MODULE, grammars: GRAMMARS_MODULE };
/** Rounds of parsing the demo's programs once a base parser starts (about 0.1 s in all). */
export const WARM_UP_ROUNDS = 8;
