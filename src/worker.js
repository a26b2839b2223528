// The analysis Web Worker: reads the dropped files and runs exerscope's core (the same wasm
// module as the page), so that the page never freezes. It joins the files into a table, has the
// programs that verdicts need run in Python workers (run_worker.js, started on the first drop that
// needs them) and judges the predictions. Once the facts are sent, it hands the programs in chunks
// to parsing workers (parse_worker.js) and sends their properties (the overview needs none), then
// runs every program on its own input (dynamic properties), and traces a program when the page asks.
// Messages in:  {kind: 'begin', total, unread (paths), options (JSON: forced format, column
//               mappings), keep (keep the drop for a reload once shown)},
//               {kind: 'files', files: [{path, file, problem?}], blob (their files, concatenated)}
//               (any number), {kind: 'end'}, then, once asked for, {kind: 'later', files} (the
//               files `unread` named: read when a program's view shows them);
//               {kind: 'handles', handles, options, keep} (a drop's file system handles: walked,
//               read — but the responses only a program's view shows, read when it opens);
//               {kind: 'demo'}; {kind: 'program', index}; {kind: 'trace', index, input?};
//               {kind: 'report', scope} (JSON of a ReportScope: the view shown);
//               {kind: 'cancel-runs'}; {kind: 'drawn', seq} (the page has shown what was sent
//               with that `seq`).
// Messages out: {kind: 'progress', phase, done, total},
//               {kind: 'facts', json, predictions (bytes both, transferred: see facts_wire.rs), seq}
//               (the programs not parsed yet), {kind: 'parsing', done, total},
//               {kind: 'parsed', json (the programs' parsed properties), report? (bytes), seq},
//               {kind: 'report', report (JSON bytes), seq} (a ScopedReport: the
//               statistics are built here, never on the page's thread), {kind: 'measuring', done, total},
//               {kind: 'dynamic', json, report? (bytes), done, total, kept, final, seq},
//               {kind: 'program', json}, {kind: 'trace', index, json | error},
//               {kind: 'kept', ok} (the files of a drop are kept for a reload, or not),
//               {kind: 'later-wanted'} (the first view is shown: the files left for later, please),
//               {kind: 'error', message}.
import init, { AnalysisSession, PropertyExtractor, harness } from './exerscope-web.js';
import { BASE_MODULE, GRAMMARS_MODULE } from './parse_modules.js';
import * as cache from './run_cache.js';
import { keepDrop } from './kept.js';

// Compiled once here and shared with the parsing workers.
const compiled = WebAssembly.compileStreaming(fetch(new URL('./exerscope-web_bg.wasm', import.meta.url)));
const ready = compiled.then((module) => init({ module_or_path: module }));
// One parser per core but one (started now, so they are ready when files arrive): the spare core
// keeps the page responsive and lets the browser optimise the wasm code in the background —
// measured on 2 cores, two parsers were no faster than one (BENCHMARKS.md). Small drops, and
// browsers whose workers cannot start workers, are parsed here.
let localExtractor = null;
const localParser = { parse: async (json) => { await ready; return (localExtractor ??= new PropertyExtractor()).extract(json); } };
const parsers = startParsers(BASE_MODULE, compiled);
// The second module (every grammar, some 30 MB: CRUXEval-X's other languages), fetched, compiled
// and given parsers of its own only when a drop holds programs that need it.
let grammarParsers = null;
const grammarPool = () => grammarParsers ??= startParsers(GRAMMARS_MODULE,
  WebAssembly.compileStreaming(fetch(new URL(GRAMMARS_MODULE.wasm, import.meta.url))));
/** Programs per message to a parsing worker: small enough to share the work evenly. */
const CHUNK = 64;
let session = null;
/** Counts drops: an analysis still parsing when a new drop begins stops there. */
let generation = 0;
/** The programs of the drop shown being parsed: resolves once their properties are in (or the drop is gone). */
let parsing = Promise.resolve();
let reading = Promise.resolve();
let expected = 0;
let received = 0;
/**
 * A drop's files left unread (AnalysisSession.left_unread), read when their program is shown: path →
 * () => Promise<File> (a handle's file is asked of the browser then; a picked file comes from the
 * page after the others, and is awaited).
 */
let unread = new Map();
/** Picked files left unread that the page has not sent yet: path → what resolves its promise. */
let unsent = new Map();
/** A drop of picked files' files read so far ([{path, file}]): kept for a reload once shown, if `keeping`. */
let picked = [];
let keeping = false;

// What the page has drawn. Facts and dynamic properties go out with a number, and the page answers
// with it once it has shown them: the runs start once the static analysis is on the screen, and
// dynamic properties are sent no faster than the page takes them in (at a million predictions,
// showing them again takes the page seconds).
let drawSeq = 0;
const drawing = new Map();

/** Posts `message` to the page; resolves to how long it took from `since` until the page showed it (ms). */
function postToDraw(message, since = performance.now(), transfer = []) {
  const seq = ++drawSeq;
  const shown = new Promise((resolve) => drawing.set(seq, () => resolve(performance.now() - since)));
  self.postMessage({ ...message, seq }, transfer);
  return shown;
}

function drawn(seq) {
  drawing.get(seq)?.();
  drawing.delete(seq);
}

/** Posts `message` (the facts changed) with the report the page shows, built again: as postToDraw. */
function postWithReport(message, since = performance.now()) {
  const report = session.shown_report();
  return postToDraw({ ...message, report }, since, report ? [report.buffer] : []);
}

// The first report of a drop on the screen: the view is there, and the program runs may start.
let firstReportShown = null;

/** Builds the report the page asks for and sends it. */
function sendReport(scope) {
  const report = session.report(scope);
  if (report === undefined) return; // between drops: the page asks again for the next
  postToDraw({ kind: 'report', report }, performance.now(), [report.buffer]).then(() => {
    firstReportShown?.();
    firstReportShown = null;
  });
}

function progress(phase, done, total) {
  self.postMessage({ kind: 'progress', phase, done, total });
}

function reason(error) {
  return String(error && error.message ? error.message : error);
}

/** A file's bytes. */
async function bytesOf(file) {
  return new Uint8Array(await file.arrayBuffer());
}

// The contents of a part of a drop (Uint8Arrays), as Promise.allSettled gives them: its files'
// concatenation `blob` in one read (one round trip to the browser, not one per file), or file by
// file when that fails (a file changed or gone since it was picked: the others are read, and that
// one named).
async function contentsOf(files, blob) {
  const whole = blob ? await blob.arrayBuffer().catch(() => null) : null;
  const sizes = files.map(({ file }) => (file ? file.size : 0));
  if (whole === null || whole.byteLength !== sizes.reduce((a, b) => a + b, 0)) {
    return Promise.allSettled(files.map(({ file }) => file && bytesOf(file)));
  }
  let start = 0;
  return Promise.allSettled(sizes.map((size, i) => {
    start += size;
    // An empty file is read alone: one gone since it was picked is empty in the blob, not unreadable.
    return size > 0 ? new Uint8Array(whole, start - size, size) : files[i].file && bytesOf(files[i].file);
  }));
}

// Reads one chunk of files in parallel; a file that vanished or cannot be read is reported and
// the others are still analysed.
async function readChunk(files) {
  addContents(files, await contentsOf(files, null));
}

function addContents(files, contents) {
  contents.forEach((content, i) => {
    const { path, file, problem } = files[i];
    if (!file) session.add_problem(path, problem ?? 'empty folder: nothing in it to analyse');
    else if (content.status === 'fulfilled') session.add_file(path, content.value);
    else session.add_problem(path, `cannot be read: ${reason(content.reason)}`);
  });
  received += files.length;
  progress('reading', received, expected);
}

// Folders deeper than this are not read: only a link loop makes them (as files.js).
const MAX_DEPTH = 40;
/** Files asked of the browser at once: each is a round trip of its own. */
const FILES_AT_ONCE = 256;

// Every file under the dropped handles, as [{path, handle}]; what cannot be read as
// [{path, file: null, problem}] (one unreadable folder must not lose the drop).
async function walk(handle, path, depth, found) {
  if (handle.kind === 'file') {
    found.push({ path, handle });
    return;
  }
  if (depth === MAX_DEPTH) {
    found.push({ path, file: null, problem: `folders nested ${MAX_DEPTH} deep (a link loop?): not read below` });
    return;
  }
  try {
    const below = [];
    for await (const child of handle.values()) below.push(walk(child, `${path}/${child.name}`, depth + 1, found));
    if (below.length === 0) found.push({ path, file: null, problem: 'empty folder: nothing in it to analyse' });
    await Promise.all(below);
  } catch (error) {
    found.push({ path, file: null, problem: `cannot be read: ${reason(error)}` });
  }
}

// Reads a drop of handles into the session, FILES_AT_ONCE at a time; resolves to its files
// ([{path, file}]) to keep, or null when a newer drop began meanwhile.
async function readHandles(handles, drop) {
  let found = [];
  await Promise.all(handles.map((handle) => walk(handle, handle.name, 0, found)));
  found.sort(byPath);
  // What only a program's view shows is read when it opens (a quarter of ExeRScope's files); what
  // no reader reads, never.
  const later = AnalysisSession.left_unread(found.map((entry) => entry.path));
  found = found.filter((entry, i) => {
    if (!later[i] || !entry.handle) return true;
    unread.set(entry.path, () => entry.handle.getFile());
    session.add_unread_file(entry.path);
    return false;
  });
  expected = found.length;
  const files = [];
  for (let start = 0; start < found.length && drop === generation; start += FILES_AT_ONCE) {
    const chunk = await Promise.all(found.slice(start, start + FILES_AT_ONCE).map(async (entry) => {
      if (!entry.handle) return entry;
      try {
        return { path: entry.path, file: await entry.handle.getFile() };
      } catch (error) {
        return { path: entry.path, file: null, problem: `cannot be read: ${reason(error)}` };
      }
    }));
    if (drop !== generation) return null;
    await readChunk(chunk);
    for (const { path, file } of chunk) if (file) files.push({ path, file });
  }
  return drop === generation ? files : null;
}

/** Parsers of a module (`BASE_MODULE` or `GRAMMARS_MODULE`), one worker per core but one. */
function startParsers(module, compiledModule) {
  if (typeof Worker === 'undefined') return [module === BASE_MODULE ? localParser : localParserOf(module, compiledModule)];
  const count = Math.max(1, Math.min((navigator.hardwareConcurrency || 2) - 1, 8));
  return Array.from({ length: count }, () => {
    const worker = new Worker(new URL('./parse_worker.js', import.meta.url), { type: 'module' });
    const pending = new Map();
    let nextId = 0;
    worker.onmessage = ({ data }) => {
      const { resolve, reject } = pending.get(data.id);
      pending.delete(data.id);
      if (data.error === undefined) resolve(data.json);
      else reject(new Error(`parsing failed: ${data.error}`));
    };
    worker.onerror = (event) => {
      pending.forEach(({ reject }) => reject(new Error(`a parsing worker failed: ${event.message}`)));
      pending.clear();
    };
    compiledModule.then((wasm) => worker.postMessage({ kind: 'module', name: module.name, module: wasm }));
    const parse = (json) => new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ kind: 'parse', id, json });
    });
    return { parse };
  });
}

/** A parser of a module other than this worker's own, in this worker (no nested workers). */
function localParserOf(module, compiledModule) {
  const extractor = compiledModule.then(async (wasm) => {
    const glue = await import(new URL(module.glue, import.meta.url));
    await glue.default({ module_or_path: wasm });
    return new glue.PropertyExtractor();
  });
  return { parse: async (json) => (await extractor).extract(json) };
}

// Parses every program of the judged analysis across the parsers: chunks that hold a language
// only the second module parses go to its parsers. Each parser has two chunks in flight, so it
// never idles while this worker hands it the next.
async function parseAll(count, drop) {
  const chunks = { base: [], grammars: [] };
  for (let start = 0; start < count; start += CHUNK) {
    const end = Math.min(count, start + CHUNK);
    chunks[session.needs_all_grammars(start, end) ? 'grammars' : 'base'].push([start, end]);
  }
  let done = 0;
  const lanes = (pool, list) => {
    let next = 0;
    const lane = async (parser) => {
      while (next < list.length && drop === generation) {
        const [start, end] = list[next++];
        const json = await parser.parse(session.sources(start, end));
        if (drop !== generation) return;
        session.accept_properties(start, json);
        done += end - start;
        self.postMessage({ kind: 'parsing', done, total: count });
      }
    };
    return pool.flatMap((parser) => [lane(parser), lane(parser)]);
  };
  const base = count <= CHUNK ? [localParser] : parsers;
  const grammars = chunks.grammars.length > 0 ? grammarPool() : [];
  await Promise.all([...lanes(base, chunks.base), ...lanes(grammars, chunks.grammars)]);
}

/** How long past its own time limit a run may take before its worker is stopped. */
const RUN_GRACE_MS = 1000;

/** A nonce no program can guess: reports are taken only with their run's. */
function nonce() {
  return Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(16)).join('');
}

/**
 * One Python worker, one run at a time; started again after a run it had to be stopped for, and
 * after a run that changed its interpreter. Runs and reports go through a MessagePort that no
 * program reaches (run_worker.js removes the worker's own channel before any program runs).
 */
class Runner {
  constructor() {
    this.queue = Promise.resolve();
    this.start();
  }

  start() {
    this.worker = new Worker(new URL('./run_worker.js', import.meta.url), { type: 'module' });
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.settle = null;
    this.nonce = null;
    this.ready = new Promise((resolve, reject) => {
      this.port.onmessage = ({ data }) => {
        if (data.kind === 'ready') resolve();
        else if (data.kind === 'failed') reject(new Error(`Python could not start: ${data.reason}`));
        else if (data.kind === 'crashed') this.restart({ crashed: data.reason });
        else if (this.nonce === null || data.nonce !== this.nonce) this.restart({ crashed: 'a report without its run\'s nonce' });
        else if (data.spent) this.restart({ json: data.json, spent: true });
        else this.settle?.({ json: data.json });
      };
      // Before it is ready, an error means Python cannot start here (no restart: it would fail
      // again); during a run, that the program brought the worker down.
      this.worker.onerror = (event) => {
        event.preventDefault();
        const message = event.message || 'the Python worker could not be loaded';
        if (this.settle) this.restart({ crashed: message });
        else reject(new Error(`Python could not start: ${message}`));
      };
    });
    this.ready.catch(() => {});
    this.worker.postMessage({ kind: 'harness', source: harness(), port: channel.port2 }, [channel.port2]);
  }

  /** Ends the run going on, if any (its result: {cancelled: true}), and the runs queued after it. */
  cancel() {
    if (this.settle) this.restart({ cancelled: true });
  }

  /** Stops the worker for good. */
  end() {
    this.worker.terminate();
    this.port.close();
  }

  restart(result) {
    this.end();
    const settle = this.settle;
    this.start();
    settle?.(result);
  }

  /**
   * Resolves to {json} (the harness's report), {timedOut: true} or {crashed: reason}, after the
   * runs asked before (a new drop may ask while the last drop's run is still going); rejects
   * when Python cannot start.
   */
  run(json, limitMs) {
    const turn = this.queue.then(async () => {
      // A run whose interpreter failed, or was found changed after it, is made again in a fresh
      // worker: what an earlier program left behind (in Python, or in Pyodide's JavaScript) must
      // not decide it. What happens again in a fresh worker is the run's own doing.
      for (let attempt = 0; ; attempt += 1) {
        await this.ready;
        const result = await this.runNow(json, limitMs);
        if (attempt === 1 || result.cancelled || !(result.spent || result.crashed !== undefined)) return result;
      }
    });
    this.queue = turn.catch(() => {});
    return turn;
  }

  runNow(json, limitMs) {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.restart({ timedOut: true }), limitMs + RUN_GRACE_MS);
      this.settle = (result) => {
        clearTimeout(timer);
        this.settle = null;
        this.nonce = null;
        resolve(result);
      };
      this.nonce = nonce();
      this.port.postMessage({ kind: 'run', json, nonce: this.nonce });
    });
  }
}

// Python workers: one per core, at most four, started when a drop first needs one and ended once
// its runs are done (each holds some 100 MB of the tab: BENCHMARKS.md). Unlike parsing, running
// gains from the last core too: on 2 cores, two workers ran CRUXEval's unscored inputs in 23 s,
// one in 37–43 s.
const MAX_RUNNERS = 4;
const runners = [];

/** Ends the Python workers: the next runs start new ones. */
function endRunners() {
  runners.splice(0).forEach((runner) => runner.end());
}

// What each run gave, by request, for the session: reading the same files again (another format,
// a column mapping) runs nothing twice.
const runResults = new Map();

// Runs the requests `indices` across the Python workers, one run at a time per worker, and hands
// each result ({json}, {timedOut: true} or {crashed: reason}) to `take`; a request `known` answers
// is not run again. Stops when `stopped()` says so; resolves to why Python could not start, or null.
async function runEach(indices, requestOf, take, stopped, known = () => undefined) {
  let next = 0;
  let failure = null;
  const lane = async (runner) => {
    while (next < indices.length && !stopped() && failure === null) {
      const index = indices[next++];
      const json = requestOf(index);
      let result = known(json);
      if (result === undefined) {
        try {
          result = await runner().run(json, JSON.parse(json).time_limit_ms);
        } catch (error) {
          failure ??= reason(error);
          return;
        }
      }
      if (stopped()) return;
      take(index, json, result);
    }
  };
  const lanes = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, MAX_RUNNERS));
  await Promise.all(Array.from({ length: lanes }, (_, i) => lane(() => (runners[i] ??= new Runner()))));
  if (failure !== null) endRunners();
  return failure;
}

// Runs every program the verdicts need. If Python cannot start, the runs left are reported as not
// made (their predictions are judged as text).
async function runAll(count, drop) {
  if (count === 0) return;
  progress('running', 0, count);
  let done = 0;
  const take = (index, json, result) => {
    runResults.set(json, result);
    if (result.json !== undefined) session.accept_run(index, result.json);
    else session.run_ended(index, result.timedOut === true, result.crashed ?? '');
    done += 1;
    progress('running', done, count);
  };
  const indices = Array.from({ length: count }, (_, i) => i);
  const failure = await runEach(indices, (i) => session.run_request(i), take, () => drop !== generation, (json) => runResults.get(json));
  if (failure !== null) session.runs_not_made(failure);
}

/** How often at most the page gets the dynamic properties measured since: each time the report
 * shown is built again, here, beside the Python workers… */
const DYNAMIC_EVERY_MS = 2000;
/** …and how much longer than building and showing the last ones took it waits: this worker and
 * the page are busy with them a fifth of the time at most. */
const DYNAMIC_SPACING = 4;
/** The drop whose program runs the user cancelled. */
let cancelled = -1;

// The second phase, after the static view is shown: every program on its own input, for its
// dynamic properties. Runs kept in this browser (run_cache.js) are taken at once; the others run in
// the Python workers, and the page gets what is measured every two seconds, with the progress.
async function measurePrograms(drop) {
  const total = session.program_run_count();
  if (total === 0) return;
  const stopped = () => drop !== generation || cancelled === drop;
  const started = performance.now();
  const requests = Array.from({ length: total }, (_, i) => session.program_run_request(i));
  const keys = await cache.keysOf(harness(), requests);
  const kept = await cache.read(keys);
  if (stopped()) return;
  let done = 0;
  const left = [];
  kept.forEach((json, i) => {
    if (json === undefined) left.push(i);
    else {
      session.accept_program_run(i, json);
      done += 1;
    }
  });
  // The next send once the page has shown the last (`shown` set) and enough time has passed.
  let shown = null;
  let next = Infinity;
  const send = (final) => {
    const began = performance.now();
    const json = session.dynamic_changes();
    const thisOne = postWithReport({ kind: 'dynamic', json, done, total, kept: total - left.length, final }, began);
    shown = thisOne;
    thisOne.then((took) => {
      if (shown !== thisOne) return;
      shown = null;
      next = performance.now() + Math.max(DYNAMIC_EVERY_MS, DYNAMIC_SPACING * took);
    });
  };
  send(left.length === 0);
  const fresh = [];
  const take = (index, _json, result) => {
    if (result.json !== undefined) {
      session.accept_program_run(index, result.json);
      fresh.push([keys[index], result.json]);
    } else session.program_run_ended(index, result.timedOut === true, result.crashed ?? '');
    done += 1;
    if (shown === null && performance.now() > next) send(false);
    else self.postMessage({ kind: 'measuring', done, total });
  };
  const failure = left.length > 0 ? await runEach(left, (i) => requests[i], take, stopped) : null;
  await cache.write(fresh);
  if (drop !== generation) return;
  if (failure !== null) self.postMessage({ kind: 'error', note: true, message: `programs were not run on their own inputs: ${failure}` });
  send(true);
  console.debug(`exerscope worker: ${total} programs measured in ${(performance.now() - started).toFixed(0)} ms (${total - left.length} kept)`);
}

/** Forgets the drop shown: its analysis and runs stop (the workers running one are started again). */
function newDrop() {
  generation += 1;
  unread = new Map();
  unsent.forEach((resolve) => resolve(null)); // what waits for them sees the drop is gone
  unsent = new Map();
  picked = [];
  // What waits for the page to draw the last drop goes on (and finds it is not shown any more).
  drawing.forEach((resolve) => resolve(0));
  drawing.clear();
  parsing = Promise.resolve();
  firstReportShown?.();
  firstReportShown = null;
  runners.forEach((runner) => runner.cancel());
  session.clear();
}

/** Stops the program runs of the drop shown: the workers running one are started again. */
function cancelRuns() {
  cancelled = generation;
  runners.forEach((runner) => runner.cancel());
}

// A dedicated worker for traces: one opened program is traced without waiting for the others' runs.
let tracer = null;

// Traces one program (on `input`, a predicted call, when given) and sends the trace to the page.
async function trace(index, input) {
  let request;
  try {
    request = session.trace_request(index, input ?? undefined);
  } catch (error) {
    self.postMessage({ kind: 'trace', index, error: reason(error) });
    return;
  }
  try {
    const result = await (tracer ??= new Runner()).run(request, JSON.parse(request).time_limit_ms);
    const json = session.trace(index, input == null, request, result.json, result.timedOut === true, result.crashed ?? '');
    self.postMessage({ kind: 'trace', index, json });
  } catch (error) {
    self.postMessage({ kind: 'trace', index, error: reason(error) });
  }
}

/** Orders files by their paths, as a drop is read (and kept). */
function byPath(a, b) {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

// Keeps a drop's files (File objects: the browser keeps a copy of their bytes, on this machine)
// for a reload, which reads them again without asking for a folder's permission. Called once the
// first view is shown (storing them holds a thread for seconds at 10,000 files): the files left
// unread are asked of the browser, or awaited from the page, then.
async function keepFiles(files, drop) {
  const later = await Promise.all([...unread].map(async ([path, file]) => ({ path, file: await file() })))
    .catch(() => null);
  if (drop !== generation) return;
  const all = later && files.concat(later).sort(byPath);
  const ok = all !== null && (await keepDrop(all).then(() => true, () => false));
  self.postMessage({ kind: 'kept', ok });
}

// Reads the responses program `index`'s view shows that were left unread (in a zip, or loose);
// one that cannot be read is told, and the view shows the others.
async function readUnread(index) {
  for (const message of session.unpack_responses(index)) self.postMessage({ kind: 'error', note: true, message });
  for (const path of session.unread_responses(index)) {
    const file = unread.get(path);
    if (!file) continue;
    try {
      session.accept_response(index, path, await bytesOf(await file()));
    } catch (error) {
      self.postMessage({ kind: 'error', note: true, message: `${path}: cannot be read: ${reason(error)}` });
    }
  }
}

// Parses the programs of the drop shown, and sends the page their properties (with the report
// it shows, built again) once all are in; resolves once it has shown them.
async function parseAndSend(count, drop) {
  await parseAll(count, drop);
  if (drop !== generation) return;
  await postWithReport({ kind: 'parsed', json: session.parsed() });
}

/** Analyses the drop read; `onShown` is called once its first view is on the page. */
async function analyze(onShown = () => {}) {
  const drop = generation;
  const started = performance.now();
  const count = session.join(progress);
  await runAll(session.run_count(), drop);
  if (drop !== generation) return;
  const json = session.judge(progress);
  console.debug(`exerscope worker: judged in ${(performance.now() - started).toFixed(0)} ms`);
  // The page asks for the report of its view once it has the facts. The programs are parsed once
  // it has drawn it (parsing meanwhile, on the other core, slowed the page's drawing by as much
  // as it gained on 2 cores: BENCHMARKS.md).
  const reportShown = new Promise((resolve) => { firstReportShown = resolve; });
  const predictions = session.predictions();
  postToDraw({ kind: 'facts', json, predictions }, performance.now(), [json.buffer, predictions.buffer]);
  const parsed = reportShown.then(() => parseAndSend(count, drop));
  parsing = parsed;
  await reportShown;
  if (drop !== generation) return;
  onShown();
  await parsed;
  console.debug(`exerscope worker: parsed in ${(performance.now() - started).toFixed(0)} ms`);
  if (drop !== generation) return;
  await measurePrograms(drop);
  // Its runs done or cancelled: the Python workers would hold their memory for nothing.
  if (drop === generation) endRunners();
}

self.onmessage = async (event) => {
  const message = event.data;
  try {
    await ready;
    session ??= new AnalysisSession();
    switch (message.kind) {
      case 'begin':
        newDrop();
        session.set_options(message.options);
        expected = message.total;
        received = 0;
        reading = Promise.resolve();
        keeping = message.keep;
        for (const path of message.unread) {
          session.add_unread_file(path);
          const file = new Promise((resolve) => unsent.set(path, resolve));
          unread.set(path, () => file);
        }
        break;
      case 'files': {
        const { files, blob } = message;
        const contents = contentsOf(files, blob); // read now, added in order
        reading = reading.then(async () => addContents(files, await contents));
        for (const entry of files) if (entry.file) picked.push({ path: entry.path, file: entry.file });
        break;
      }
      case 'later':
        for (const { path, file } of message.files) {
          unsent.get(path)?.(file);
          unsent.delete(path);
        }
        break;
      case 'end': {
        const drop = generation;
        await reading;
        await analyze(() => {
          if (unsent.size > 0) self.postMessage({ kind: 'later-wanted' });
          if (keeping) keepFiles(picked, drop);
        });
        break;
      }
      case 'handles': {
        newDrop();
        const drop = generation;
        session.set_options(message.options);
        received = 0;
        progress('reading', 0, 0);
        const files = await readHandles(message.handles, drop);
        if (files === null) break;
        await analyze(() => message.keep && keepFiles(files, drop));
        break;
      }
      case 'demo':
        newDrop();
        session.add_demo();
        await analyze();
        break;
      case 'program':
        await parsing; // its constructs are shown
        await readUnread(message.index);
        self.postMessage({ kind: 'program', json: session.program_detail(message.index) });
        tracer ??= new Runner(); // started now: ready when the user asks for the trace
        break;
      case 'trace':
        await trace(message.index, message.input);
        break;
      case 'report':
        sendReport(message.scope);
        break;
      case 'cancel-runs':
        cancelRuns();
        break;
      case 'drawn':
        drawn(message.seq);
        break;
    }
  } catch (error) {
    // A trap (a bug in the core) leaves the wasm instance unusable: this worker ends, and the page
    // starts another for the next drop.
    const fatal = error instanceof WebAssembly.RuntimeError || /recursive use of an object|unreachable/.test(reason(error));
    const message = fatal
      ? `the analysis stopped on an internal error (${reason(error)}); the page is ready for the next drop`
      : reason(error);
    self.postMessage({ kind: 'error', message, fatal });
    if (fatal) self.close();
  }
};
