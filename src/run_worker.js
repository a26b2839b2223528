// A run worker: CPython in WebAssembly (Pyodide, served from this site's pyodide/ folder) running
// the core's harness, one program per message. Pyodide 0.25 is CPython 3.11, the Python of the
// benchmarks' time and of Debian's python3 that the command line uses: later versions judge some
// programs differently (3.14 no longer evaluates annotations when a function is defined, so code
// using `List` without importing it passes). The analysis worker (worker.js) starts it and sends the
// harness with a MessagePort; from then on, runs come and reports go through that port only.
// Messages in:  {kind: 'harness', source, port} on the worker itself, once; then on the port
//               {kind: 'run', json, nonce}.
// Messages out (on the port): {kind: 'ready'} or {kind: 'failed', reason}; per run
//               {kind: 'report', json, nonce, spent} (`spent`: the interpreter is not as it was
//               before any program ran, the worker must be replaced), or {kind: 'crashed', reason}
//               when the interpreter itself failed.
import { loadPyodide } from './pyodide/pyodide.mjs';

// What a program can reach in this worker: not the network, not the page, not the analysis worker.
// Pyodide fetched its files while loading; afterwards every way out is removed — the APIs that make
// requests, JavaScript's own evaluators (`import()` of a URL is a request too), the worker's own
// channel to its parent, and the timers that would let code run between two runs.
const WAYS_OUT = ['fetch', 'XMLHttpRequest', 'WebSocket', 'WebSocketStream', 'EventSource', 'WebTransport',
  'importScripts', 'Worker', 'SharedWorker', 'BroadcastChannel', 'caches', 'FontFace', 'fonts', 'eval', 'Function',
  'postMessage', 'onmessage', 'onmessageerror', 'MessageChannel', 'MessagePort', 'setTimeout', 'setInterval',
  'queueMicrotask', 'requestAnimationFrame', 'indexedDB', 'navigator', 'location'];

// Python's ways to JavaScript (`import js`, the pyodide package) are closed before any program runs,
// and the import hook's own table of JavaScript modules is emptied.
const CLOSE_JAVASCRIPT = `
import sys
for finder in sys.meta_path:
    if type(finder).__name__ == "JsFinder":
        finder.jsproxies.clear()
sys.meta_path[:] = [finder for finder in sys.meta_path if type(finder).__name__ != "JsFinder"]
for name in list(sys.modules):
    if name == "js" or name.startswith(("pyodide", "_pyodide")):
        sys.modules[name] = None
for name in ("js", "pyodide", "pyodide_js", "_pyodide", "_pyodide_core"):
    sys.modules[name] = None
`;

function reason(error) {
  return String(error && error.message ? error.message : error);
}

async function start(harness) {
  const pyodide = await loadPyodide({ indexURL: new URL('./pyodide/', import.meta.url).href, stdout: () => {}, stderr: () => {} });
  // A module of its own: as `__main__`, the harness would start its command-line loop.
  const namespace = pyodide.globals.get('dict')();
  namespace.set('__name__', 'exerscope_harness');
  pyodide.runPython(harness, { globals: namespace });
  const serve = namespace.get('serve');
  pyodide.runPython(CLOSE_JAVASCRIPT);
  for (const name of WAYS_OUT) {
    for (let scope = self; scope; scope = Object.getPrototypeOf(scope)) delete scope[name];
  }
  for (const make of [function () {}, async function () {}, function* () {}, async function* () {}]) {
    Object.defineProperty(Object.getPrototypeOf(make), 'constructor', { value: undefined });
  }
  // From here on, what Pyodide would print is a program's doing (a recursion that exhausts
  // WebAssembly's stack makes it print a "fatal error" and stop): the analysis worker hears of it
  // as a crashed run, and the page's console stays the app's.
  for (const level of ['error', 'warn', 'log', 'info', 'debug']) console[level] = () => {};
  // A first run of nothing: the harness imports the modules programs use most and takes its
  // snapshot of the interpreter now, not during the first program's run (≈ 0.4 s).
  serve(JSON.stringify({ code: '', call: null, time_limit_ms: 1000 }));
  // Wrapped: a promise resolved with the proxy itself would look up its `then` in Python.
  return { serve };
}

// One run: the nonce stays in JavaScript (no program sees it), and goes back with the report.
function run(serve, { json, nonce }) {
  try {
    const report = serve(json);
    return { kind: 'report', json: report, nonce, spent: JSON.parse(report).state_changed === true };
  } catch (error) {
    return { kind: 'crashed', reason: reason(error) };
  }
}

self.onmessage = async ({ data }) => {
  if (data.kind !== 'harness') return;
  const port = data.port;
  // Bound now: a program that reached MessagePort.prototype could not change how reports leave.
  const post = port.postMessage.bind(port);
  let serve = null;
  port.onmessage = ({ data: request }) => {
    if (serve !== null && request.kind === 'run') post(run(serve, request));
  };
  self.onmessage = null;
  try {
    ({ serve } = await start(data.source));
    post({ kind: 'ready' });
  } catch (error) {
    post({ kind: 'failed', reason: reason(error) });
  }
};
