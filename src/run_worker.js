// A run worker: CPython in WebAssembly (Pyodide, served from this site's pyodide/ folder) running
// the core's harness, one program per message. Pyodide 0.25 is CPython 3.11, the Python of the
// benchmarks' time and of Debian's python3 that the command line uses: later versions judge some
// programs differently (3.14 no longer evaluates annotations when a function is defined, so code
// using `List` without importing it passes). The analysis worker (worker.js) starts it, sends
// the harness once, then run requests as JSON; it stops the worker when a run overstays its time
// limit, and starts another.
// Messages in:  {kind: 'harness', source}, {kind: 'run', json}.
// Messages out: {kind: 'ready'} or {kind: 'failed', reason}; per run {kind: 'report', json}, or
//               {kind: 'crashed', reason} when the interpreter itself failed (it is then unusable).
import { loadPyodide } from './pyodide/pyodide.mjs';

// What a program can reach in this worker: not the network, not the page. Pyodide fetched its
// files while loading; afterwards every way out is removed — the APIs that make requests, and
// JavaScript's own evaluators (`import()` of a URL is a request too).
const NETWORK = ['fetch', 'XMLHttpRequest', 'WebSocket', 'WebSocketStream', 'EventSource', 'WebTransport',
  'importScripts', 'Worker', 'SharedWorker', 'BroadcastChannel', 'caches', 'FontFace', 'fonts', 'eval', 'Function'];

// Python's ways to JavaScript (`import js`, the pyodide package) are closed before any program runs.
const CLOSE_JAVASCRIPT = `
import sys
sys.meta_path[:] = [finder for finder in sys.meta_path if type(finder).__name__ != "JsFinder"]
for name in list(sys.modules):
    if name == "js" or name.startswith(("pyodide", "_pyodide")):
        sys.modules[name] = None
for name in ("js", "pyodide", "pyodide_js", "_pyodide", "_pyodide_core"):
    sys.modules[name] = None
`;

let serve = null;

async function start(harness) {
  const pyodide = await loadPyodide({ indexURL: new URL('./pyodide/', import.meta.url).href, stdout: () => {}, stderr: () => {} });
  // A module of its own: as `__main__`, the harness would start its command-line loop.
  const namespace = pyodide.globals.get('dict')();
  namespace.set('__name__', 'exerscope_harness');
  pyodide.runPython(harness, { globals: namespace });
  serve = namespace.get('serve');
  pyodide.runPython(CLOSE_JAVASCRIPT);
  for (const name of NETWORK) {
    for (let scope = self; scope; scope = Object.getPrototypeOf(scope)) delete scope[name];
  }
  for (const make of [function () {}, async function () {}, function* () {}, async function* () {}]) {
    Object.defineProperty(Object.getPrototypeOf(make), 'constructor', { value: undefined });
  }
}

function reason(error) {
  return String(error && error.message ? error.message : error);
}

self.onmessage = async ({ data }) => {
  if (data.kind === 'harness') {
    try {
      await start(data.source);
      self.postMessage({ kind: 'ready' });
    } catch (error) {
      self.postMessage({ kind: 'failed', reason: reason(error) });
    }
    return;
  }
  try {
    self.postMessage({ kind: 'report', json: serve(data.json) });
  } catch (error) {
    self.postMessage({ kind: 'crashed', reason: reason(error) });
  }
};
