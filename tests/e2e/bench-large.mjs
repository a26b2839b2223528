// Browser benchmark at scale (not a test): drags a folder onto the built page in headless Chromium,
// as a user would, and measures what a lab dropping a hundred models' results meets — the time to
// the overview table, then to each section opened in turn, every long task (> 50 ms) on the page's
// thread from the drop on, and Chromium's memory (PSS summed over its processes: a shared page
// counted once). Run after tools/build-web.sh:
//
//   node tools/synthetic.mjs --shape cruxeval --programs 10000 --models 100 \
//     --from ../shared/fixtures/cruxeval/data/cruxeval.jsonl --out /tmp/million
//   node tests/e2e/bench-large.mjs /tmp/million [--runs 3] [--open constructs,properties,types,models]
//     [--linger seconds] [--profile /tmp/page.cpuprofile]
//
// A section may name one of its task chips, `--open reasoning:loop`: the section opened, then the
// task picked, and the time from the pick to its numbers.
//
// Another build to compare with: EXERSCOPE_DIST=/tmp/dist-before (alternate the two by hand).
// Results go to BENCHMARKS.md with the command and the machine.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../tools/serve.mjs';
import { launchChromium } from './chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
}
const folder = path.resolve(process.argv[2] ?? '');
if (!process.argv[2] || !fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
  console.error('usage: node tests/e2e/bench-large.mjs FOLDER [--runs N] [--open section,section…]');
  process.exit(2);
}
const runs = Number(option('runs', 1));
const sections = option('open', '').split(',').filter(Boolean);
// Seconds to stay after the last section: the programs' runs go on, their properties arriving.
const linger = Number(option('linger', 0));
// A CPU profile of the page's thread from the drop on (Chromium's .cpuprofile, for DevTools; wasm
// functions are named in a build whose wasm-opt ran with -g).
const profile = option('profile', null);
const dist = path.resolve(process.env.EXERSCOPE_DIST ?? path.join(root, 'dist'));

/** Chromium's memory in MB: the PSS of every process started under this one. */
function chromiumPss() {
  const children = new Map();
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    const stat = safeRead(`/proc/${pid}/stat`);
    const parent = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(pid);
  }
  let kb = 0;
  const stack = [...(children.get(String(process.pid)) ?? [])];
  while (stack.length) {
    const pid = stack.pop();
    stack.push(...(children.get(pid) ?? []));
    const match = /^Pss:\s+(\d+)/m.exec(safeRead(`/proc/${pid}/smaps_rollup`));
    if (match) kb += Number(match[1]);
  }
  return Math.round(kb / 1024);
}
function safeRead(file) {
  try { return fs.readFileSync(file, 'utf8'); } catch { return ''; }
}

const server = await serve(dist);
const origin = `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium();

/** One run in a fresh context: the folder dragged onto the drop zone (Chromium's own drag events). */
async function measure() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) window.longTasks.push([task.startTime, task.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(origin);
  await page.waitForSelector('#drop-zone');
  const zone = await page.$('#drop-zone');
  const box = await zone.boundingBox();
  const cdp = await context.newCDPSession(page);
  const data = { items: [], files: [folder], dragOperationsMask: 1 };
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const start = await page.evaluate(() => performance.now());
  for (const type of ['dragEnter', 'dragOver', 'drop']) await cdp.send('Input.dispatchDragEvent', { type, x, y, data });
  const at = async (selector) => (await page.waitForFunction((s) => document.querySelector(s) && performance.now(),
    selector, { timeout: 600000, polling: 100 })).jsonValue();
  const result = { table: (await at('#overview-table tbody tr')) - start, pss: chromiumPss(), opened: [] };
  result.status = await page.textContent('#status');
  for (const opened of sections) {
    const [section, task] = opened.split(':');
    let clicked = await page.evaluate((s) => { document.querySelector(`#nav-${s}`).click(); return performance.now(); }, section);
    if (task) {
      const chip = `#${section}-tasks button[data-task="${task}"]`;
      await page.waitForSelector(chip, { timeout: 600000 });
      clicked = await page.evaluate((c) => { document.querySelector(c).click(); return performance.now(); }, chip);
    }
    const done = await at(`.section[data-section="${section}"][aria-busy="false"]${task ? ` #${section}-summary tbody tr` : ''}`);
    // Its figures drawn: the drawing goes on in tasks after the numbers arrive.
    await page.waitForTimeout(1500);
    result.opened.push([opened, done - clicked]);
  }
  await page.waitForTimeout(linger * 1000);
  result.pssEnd = chromiumPss();
  result.tasks = (await page.evaluate(() => window.longTasks)).filter(([t]) => t >= start)
    .map(([t, d]) => [Math.round(t - start), Math.round(d)]);
  if (profile) fs.writeFileSync(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  await context.close();
  return result;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = [];
for (let i = 0; i < runs; i++) {
  const r = await measure();
  results.push(r);
  const longest = Math.max(0, ...r.tasks.map(([, d]) => d));
  console.log(r.status.trim());
  console.log(`run ${i + 1}: table ${(r.table / 1000).toFixed(2)} s, PSS at the table ${r.pss} MB; ` +
    r.opened.map(([s, ms]) => `${s} ${(ms / 1000).toFixed(2)} s`).join(', ') +
    `${r.opened.length ? `, PSS then ${r.pssEnd} MB` : ''}` +
    `${r.opened.length ? '; ' : ''}long tasks ${r.tasks.length} (longest ${longest} ms): ` +
    r.tasks.map(([t, d]) => `${d}@${(t / 1000).toFixed(1)}s`).join(' '));
}
console.log(`median: table ${(median(results.map((r) => r.table)) / 1000).toFixed(2)} s, ` +
  `PSS ${median(results.map((r) => r.pss))} MB`);
await browser.close();
server.close();
