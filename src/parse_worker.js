// A parsing worker: the analysis worker (worker.js) sends it a compiled wasm module once — the
// app's own, or the second one with every grammar (parse_modules.js) — then chunks of programs as
// JSON; it answers with their properties. Several run in parallel. A worker of the app's own module
// parses a few built-in programs once started, so that the browser has optimised the parser by the
// time the user's files arrive.
// Messages in:  {kind: 'module', name ('base' | 'grammars'), module}, {kind: 'parse', id, json}.
// Messages out: {id, json} or {id, error}.
import { MODULES, WARM_UP_ROUNDS } from './parse_modules.js';

// Programs may come before the module does (the second module takes a while to compile): they
// wait for it.
let moduleArrived;
const extractor = new Promise((resolve) => { moduleArrived = resolve; });

self.onmessage = async ({ data }) => {
  if (data.kind === 'module') {
    const module = MODULES[data.name];
    moduleArrived(import(new URL(module.glue, import.meta.url)).then(async (glue) => {
      await glue.default({ module_or_path: data.module });
      const made = new glue.PropertyExtractor();
      if (glue.warm_up_sources) made.warm_up(glue.warm_up_sources(), WARM_UP_ROUNDS);
      return made;
    }));
    return;
  }
  try {
    self.postMessage({ id: data.id, json: (await extractor).extract(data.json) });
  } catch (error) {
    self.postMessage({ id: data.id, error: String(error && error.message ? error.message : error) });
  }
};
