// The analysis Web Worker: reads the dropped files and runs exerscope's core (the same wasm
// module as the page) so that the page never freezes. Messages in: {kind: 'analyze', files},
// {kind: 'demo'}, {kind: 'program', index}. Messages out: progress, facts, program, error.
import init, { AnalysisSession } from './exerscope-web.js';

const ready = init({ module_or_path: new URL('./exerscope-web_bg.wasm', import.meta.url) });
let session = null;

function progress(phase, done, total) {
  self.postMessage({ kind: 'progress', phase, done, total });
}

async function analyze(files) {
  session.clear();
  let done = 0;
  for (const { path, file } of files) {
    if (done % 50 === 0) progress('reading', done, files.length);
    session.add_file(path, new Uint8Array(await file.arrayBuffer()));
    done += 1;
  }
  return session.analyze(progress);
}

self.onmessage = async (event) => {
  const message = event.data;
  try {
    await ready;
    session ??= new AnalysisSession();
    if (message.kind === 'analyze') {
      self.postMessage({ kind: 'facts', json: await analyze(message.files) });
    } else if (message.kind === 'demo') {
      session.clear();
      session.add_demo();
      self.postMessage({ kind: 'facts', json: session.analyze(progress) });
    } else if (message.kind === 'program') {
      self.postMessage({ kind: 'program', json: session.program_detail(message.index) });
    }
  } catch (error) {
    self.postMessage({ kind: 'error', message: String(error && error.message ? error.message : error) });
  }
};
