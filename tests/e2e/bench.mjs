// Browser benchmark (not a test): time from handing the page the fixture files to the overview
// drawn (its chart: the sections not open wait until they are), in headless Chromium on the built
// dist/. Run: node tests/e2e/bench.mjs [runs] [cases: a pattern of their names, e.g. zip]
// (after tools/build-web.sh). Prints each run and the median; results go to BENCHMARKS.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serve } from '../../tools/serve.mjs';
import { launchChromium } from './chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const fixtures = path.resolve(process.env.EXERSCOPE_FIXTURES ?? path.join(root, '../shared/fixtures'));
const runs = Number(process.argv[2] ?? 3);
// Another build to compare with (EXERSCOPE_DIST=/tmp/dist-before), in the same session.
const dist = path.resolve(process.env.EXERSCOPE_DIST ?? path.join(root, 'dist'));

const zip = path.join(os.tmpdir(), `exerscope-bench-${process.pid}.zip`);
execFileSync('python3', ['-c', `
import os, sys, zipfile
root, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
    for base, _, names in os.walk(root):
        for name in names:
            full = os.path.join(base, name)
            z.write(full, os.path.relpath(full, os.path.dirname(root)))
`, path.join(fixtures, 'exerscope'), zip]);

// CRUXEval's unscored input generations of Code Llama with the benchmark: 2,548 distinct programs
// runs (12 of them to the 2 s limit), in the Python workers, Pyodide's start included.
const unscored = fs.mkdtempSync(path.join(os.tmpdir(), 'exerscope-bench-runs-'));
const generations = 'sample_codellama-7b_temp0.2_input';
fs.mkdirSync(path.join(unscored, generations));
fs.copyFileSync(path.join(fixtures, 'cruxeval/samples/model_generations', generations, 'generations.json'),
  path.join(unscored, generations, 'generations.json'));
fs.copyFileSync(path.join(fixtures, 'cruxeval/data/cruxeval.jsonl'), path.join(unscored, 'cruxeval.jsonl'));

const server = await serve(dist);
const origin = `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium();

/** One run on a fresh page: ms from the input's change event to the overview drawn. */
async function measure(selector, files) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  let analysed = null;
  page.on('console', (m) => {
    const match = /(?:analysed|judged) in (\d+) ms/.exec(m.text()); // (older builds: analysed)
    if (match) analysed = Number(match[1]);
  });
  await page.goto(origin);
  await page.waitForSelector('#drop-zone');
  await page.evaluate((s) => {
    document.querySelector(s).addEventListener('change', () => { window.benchStart = performance.now(); }, { capture: true });
  }, selector);
  await page.setInputFiles(selector, files);
  const end = await page.waitForFunction((n) => {
    const done = document.querySelector('#status[data-state="done"]');
    const drawn = document.querySelector('#overview-chart[data-drawn="true"]');
    return done && drawn ? performance.now() : null;
  }, null, { timeout: 600000, polling: 'raf' });
  const total = (await end.jsonValue()) - (await page.evaluate(() => window.benchStart));
  await page.close();
  return { total, analysed };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cases = [
  ['demo (16 programs, 48 predictions)', '#demo-button', null],
  ['exerscope folder, picked (11,009 files)', '#folder-input', path.join(fixtures, 'exerscope')],
  ['exerscope folder as one .zip', '#file-input', zip],
  ['CRUXEval input generations, unscored: every guessed input run', '#folder-input', unscored],
];
const only = new RegExp(process.argv[3] ?? '');
for (const [name, selector, files] of cases.filter(([name]) => only.test(name))) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    if (files === null) {
      const page = await browser.newPage();
      await page.goto(origin);
      await page.waitForSelector('#demo-button');
      const t = await page.evaluate(async () => {
        const start = performance.now();
        document.querySelector('#demo-button').click();
        await new Promise((resolve) => {
          const poll = () => (document.querySelector('#overview-chart[data-drawn="true"]') ? resolve() : requestAnimationFrame(poll));
          poll();
        });
        return performance.now() - start;
      });
      results.push({ total: t, analysed: null });
      await page.close();
    } else {
      results.push(await measure(selector, files));
    }
  }
  const totals = results.map((r) => r.total);
  const analysed = results.map((r) => r.analysed).filter((a) => a !== null);
  console.log(`${name}: median ${median(totals).toFixed(0)} ms to the overview drawn` +
    (analysed.length ? ` (worker: facts ready, median ${median(analysed)} ms)` : '') +
    `; runs ${totals.map((t) => t.toFixed(0)).join(', ')}`);
}
const wasm = fs.readFileSync(path.join(dist, 'exerscope-web_bg.wasm'));
const { gzipSync } = await import('node:zlib');
console.log(`bundle: wasm ${(wasm.length / 1e6).toFixed(2)} MB raw, ${(gzipSync(wasm, { level: 9 }).length / 1e6).toFixed(2)} MB gzipped`);
await browser.close();
server.close();
fs.rmSync(zip);
fs.rmSync(unscored, { recursive: true });
