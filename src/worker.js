// The analysis Web Worker: reads the dropped files and runs exerscope's core (the same wasm
// module as the page), so that the page never freezes.
// Messages in:  {kind: 'begin', total}, {kind: 'files', files: [{path, file}]} (any number),
//               {kind: 'end'}; {kind: 'demo'}; {kind: 'program', index}.
// Messages out: {kind: 'progress', phase, done, total}, {kind: 'facts', json},
//               {kind: 'program', json}, {kind: 'error', message}.
import init, { AnalysisSession } from './exerscope-web.js';

const ready = init({ module_or_path: new URL('./exerscope-web_bg.wasm', import.meta.url) });
let session = null;
let reading = Promise.resolve();
let expected = 0;
let received = 0;

function progress(phase, done, total) {
  self.postMessage({ kind: 'progress', phase, done, total });
}

function reason(error) {
  return String(error && error.message ? error.message : error);
}

// Reads one chunk of files in parallel; a file that vanished or cannot be read is reported and
// the others are still analysed.
async function readChunk(files) {
  const contents = await Promise.allSettled(files.map(({ file }) => (file ? file.arrayBuffer() : null)));
  contents.forEach((content, i) => {
    const { path, file } = files[i];
    if (!file) session.add_problem(path, 'empty folder: nothing in it to analyse');
    else if (content.status === 'fulfilled') session.add_file(path, new Uint8Array(content.value));
    else session.add_problem(path, `cannot be read: ${reason(content.reason)}`);
  });
  received += files.length;
  progress('reading', received, expected);
}

function finish() {
  const started = performance.now();
  const json = session.analyze(progress);
  console.debug(`exerscope worker: analysed in ${(performance.now() - started).toFixed(0)} ms`);
  self.postMessage({ kind: 'facts', json });
}

self.onmessage = async (event) => {
  const message = event.data;
  try {
    await ready;
    session ??= new AnalysisSession();
    switch (message.kind) {
      case 'begin':
        session.clear();
        expected = message.total;
        received = 0;
        reading = Promise.resolve();
        break;
      case 'files': {
        const files = message.files;
        reading = reading.then(() => readChunk(files));
        break;
      }
      case 'end':
        await reading;
        finish();
        break;
      case 'demo':
        session.clear();
        session.add_demo();
        finish();
        break;
      case 'program':
        self.postMessage({ kind: 'program', json: session.program_detail(message.index) });
        break;
    }
  } catch (error) {
    self.postMessage({ kind: 'error', message: reason(error) });
  }
};
