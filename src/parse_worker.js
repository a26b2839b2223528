// A parsing worker: the analysis worker (worker.js) sends it the compiled wasm module once, then
// chunks of programs as JSON; it answers with their properties. Several run in parallel. Once
// started it parses a few built-in programs, so that the browser has optimised the parser by the
// time the user's files arrive.
// Messages in:  {kind: 'module', module}, {kind: 'parse', id, json}.
// Messages out: {id, json} or {id, error}.
import init, { PropertyExtractor } from './exerscope-web.js';

let extractor = null;
let ready = null;

self.onmessage = async ({ data }) => {
  if (data.kind === 'module') {
    ready = init({ module_or_path: data.module }).then(() => {
      extractor = new PropertyExtractor();
      extractor.warm_up();
    });
    return;
  }
  try {
    await ready;
    self.postMessage({ id: data.id, json: extractor.extract(data.json) });
  } catch (error) {
    self.postMessage({ id: data.id, error: String(error && error.message ? error.message : error) });
  }
};
