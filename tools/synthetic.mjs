// Synthetic results for exercising exerscope at scale: P programs (varied from a few templates with
// loops, conditions, nesting, recursion, comprehensions), M models of graded skill, n samples each,
// as generic JSON Lines (id, model, benchmark, task, code, input, expected, prediction). Seeded, so
// the same arguments give the same file. The models are imaginary: never publish numbers from it.
//
//   node tools/synthetic.mjs --programs 200 --models 100 --samples 1 --out /tmp/synthetic.jsonl
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
const out = option('out', 'synthetic.jsonl');
const rand = random(Number(option('seed', 1)));
const lines = [];
const cases = Array.from({ length: programs }, (_, p) => {
  const [code, input, expected, hardness] = TEMPLATES[p % TEMPLATES.length](Math.floor(p / TEMPLATES.length) % 7);
  return { id: `p${String(p).padStart(5, '0')}`, code, input: `f(${input})`, expected, hardness };
});
for (let m = 0; m < models; m += 1) {
  const skill = 0.35 + 0.6 * (m / Math.max(1, models - 1));
  const model = `synthetic-${String(m).padStart(3, '0')}`;
  for (const c of cases) {
    for (let s = 0; s < samples; s += 1) {
      const right = rand() < skill * (1 - c.hardness) + 0.15;
      lines.push(JSON.stringify({ id: c.id, model, benchmark: 'synthetic', task: 'output', code: c.code,
        input: c.input, expected: c.expected, prediction: right ? c.expected : `${c.expected}0` }));
    }
  }
}
fs.writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`synthetic: ${lines.length} predictions (${programs} programs × ${models} models × ${samples}) in ${out}`);
