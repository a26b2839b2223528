// Synthetic results for exercising exerscope at scale: P programs, M models of graded skill, n
// samples each, for the output task or both tasks. The programs are varied from a few templates
// (loops, conditions, nesting, recursion, comprehensions), or taken in turn from a real benchmark
// (`--from cruxeval.jsonl`, renamed p00000, p00001…). Written as generic JSON Lines (one row per
// prediction with its program: large), or shaped as CRUXEval's own files (`--shape cruxeval`: a
// folder with cruxeval.jsonl and one generations.json per model and task, as its releases are).
// Seeded, so the same arguments give the same files. The models are imaginary: never publish
// numbers from them.
//
//   node tools/synthetic.mjs --programs 200 --models 100 --samples 1 --out /tmp/synthetic.jsonl
//   node tools/synthetic.mjs --shape cruxeval --programs 10000 --models 100 --tasks output,input \
//     --from ../shared/fixtures/cruxeval/data/cruxeval.jsonl --out /tmp/million
import fs from 'node:fs';

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

// A small seeded generator (mulberry32).
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Each template: code for a parameter k, the call's argument, the expected output, and how hard it is (0–1).
const TEMPLATES = [
  (k) => [`def f(x):\n    return x + ${k}\n`, '1', String(1 + k), 0.1],
  (k) => [`def f(xs):\n    total = 0\n    for x in xs:\n        total += x * ${k}\n    return total\n`, '[1, 2, 3]', String(6 * k), 0.3],
  (k) => [`def f(n):\n    i = 0\n    while n > ${k}:\n        n -= ${k + 1}\n        i += 1\n    return i\n`, String(10 * k + 7), String(Math.max(0, Math.ceil((10 * k + 7 - k) / (k + 1)))), 0.5],
  (k) => [`def f(x):\n    if x > ${k}:\n        if x % 2 == 0:\n            return 'even'\n        return 'odd'\n    return 'small'\n`, String(k + 3), `'${(k + 3) % 2 === 0 ? 'even' : 'odd'}'`, 0.35],
  (k) => [`def f(xs):\n    out = []\n    for a in xs:\n        for b in xs:\n            if a < b:\n                out.append(a * b + ${k})\n    return out\n`, '[1, 2]', `[${2 + k}]`, 0.6],
  (k) => [`def f(n):\n    if n <= 1:\n        return ${k}\n    return f(n - 1) + 1\n`, '5', String(k + 4), 0.55],
  (k) => [`def f(s):\n    return [c.upper() for c in s if c != '${'abc'[k % 3]}']\n`, "'abcab'", `[${[...'abcab'].filter((c) => c !== 'abc'[k % 3]).map((c) => `'${c.toUpperCase()}'`).join(', ')}]`, 0.4],
  (k) => [`def f(d):\n    try:\n        return d[${k}]\n    except KeyError:\n        return -1\n`, '{0: 5}', k === 0 ? '5' : '-1', 0.3],
];

const programs = Number(option('programs', 200));
const models = Number(option('models', 100));
const samples = Number(option('samples', 1));
const tasks = option('tasks', 'output').split(',');
const shape = option('shape', 'jsonl');
const from = option('from', null);
const out = option('out', shape === 'cruxeval' ? 'synthetic' : 'synthetic.jsonl');
const rand = random(Number(option('seed', 1)));

/** The programs: { id, code, input (the argument list), output, hardness }. */
function programsToUse() {
  const real = from && fs.readFileSync(from, 'utf8').split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line));
  return Array.from({ length: programs }, (_, p) => {
    const id = `p${String(p).padStart(5, '0')}`;
    if (real) {
      const { code, input, output } = real[p % real.length];
      return { id, code, input, output, hardness: Math.min(0.9, code.split('\n').length / 20) };
    }
    const [code, input, output, hardness] = TEMPLATES[p % TEMPLATES.length](Math.floor(p / TEMPLATES.length) % 7);
    return { id, code, input, output, hardness };
  });
}

/** Each model's predictions: calls `put(model, task, program, prediction)` for every sample. */
function predict(cases, put) {
  for (let m = 0; m < models; m += 1) {
    const skill = 0.35 + 0.6 * (m / Math.max(1, models - 1));
    const model = `synthetic-${String(m).padStart(3, '0')}`;
    for (const task of tasks) {
      for (const c of cases) {
        for (let s = 0; s < samples; s += 1) {
          const right = rand() < skill * (1 - c.hardness) + 0.15;
          const truth = task === 'input' ? `f(${c.input})` : c.output;
          put(model, task, c, right ? truth : `${truth}0`);
        }
      }
    }
  }
}

const cases = programsToUse();
let count = 0;
if (shape === 'cruxeval') {
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(`${out}/cruxeval.jsonl`, cases.map(({ id, code, input, output }) => JSON.stringify({ code, input, output, id })).join('\n') + '\n');
  const generations = new Map();
  predict(cases, (model, task, c, prediction) => {
    const folder = `${out}/model_generations/${model}_temp0.2_${task}`;
    if (!generations.has(folder)) generations.set(folder, {});
    (generations.get(folder)[c.id] ??= []).push(prediction);
    count += 1;
  });
  for (const [folder, generated] of generations) {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(`${folder}/generations.json`, JSON.stringify(generated));
  }
} else {
  const lines = [];
  predict(cases, (model, task, c, prediction) => {
    lines.push(JSON.stringify({ id: c.id, model, benchmark: 'synthetic', task, code: c.code,
      input: `f(${c.input})`, expected: c.output, prediction }));
  });
  count = lines.length;
  fs.writeFileSync(out, `${lines.join('\n')}\n`);
}
console.log(`synthetic: ${count} predictions (${programs} programs × ${models} models × ${tasks.length} task(s) × ${samples}) in ${out}`);
