#!/usr/bin/env python3
"""The best-case Python baseline for `exerscope analyze` (issue 12, BENCHMARKS.md).

One process, the standard library only, doing a fraction of exerscope's work on ExeRScope's
layout: read each program and its expected output (`DATASET/<bench>/<id>/{main.py,output.txt}`)
and each prediction (`ER/<model>/<bench>/<id>/predict.txt`), judge it by the reference rule
(`parse_results.py`: strip, drop spaces, `"` -> `'`), set the reference construct flags with `ast`
(SPEC 4.1), and count right and all per model and benchmark, and per construct. No other format,
no raw responses, no other property, judge or statistic, no error handling beyond skipping.

    python3 tools/baseline.py DATASET_DIR ER_DIR > counts.json

The counts are the same as exerscope's reference judge and reference flags (compare with
`exerscope analyze --no-run`'s `runs` and `constructs` rows of flavor `reference`).
"""

import ast
import json
import os
import sys
import time
from collections import defaultdict

LOOPS = (ast.For, ast.While)


def normalize(text):
    return text.strip("\n").strip().replace(" ", "").replace('"', "'")


def children(node):
    """Statements directly in a body or an else branch."""
    for field in ("body", "orelse"):
        yield from getattr(node, field, ())


def flags(code):
    """The reference construct flags of a program (SPEC 4.1); None when it does not parse."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return None
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            found.add("if")
            if any(isinstance(child, ast.If) for child in children(node)):
                found.add("nested_if")
        elif isinstance(node, LOOPS):
            found.add("for" if isinstance(node, ast.For) else "while")
            if any(isinstance(child, LOOPS) for child in children(node)):
                found.add("nested")
        elif isinstance(node, ast.Try):
            found.add("try")
    return found or {"basic"}


def read(path):
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except (OSError, UnicodeDecodeError):
        return None


def main(dataset, results):
    started = time.perf_counter()
    runs = defaultdict(lambda: [0, 0])
    constructs = defaultdict(lambda: [0, 0])
    programs = {}
    for model in sorted(os.listdir(results)):
        for bench in sorted(os.listdir(os.path.join(results, model))):
            folder = os.path.join(results, model, bench)
            for program in sorted(os.listdir(folder)):
                predicted = read(os.path.join(folder, program, "predict.txt"))
                if predicted is None:
                    continue
                key = (bench, program)
                if key not in programs:
                    code = read(os.path.join(dataset, bench, program, "main.py"))
                    expected = read(os.path.join(dataset, bench, program, "output.txt"))
                    programs[key] = None if code is None or expected is None else (normalize(expected), flags(code))
                if programs[key] is None:
                    continue
                expected, found = programs[key]
                right = normalize(predicted) == expected
                runs[model, bench][0] += right
                runs[model, bench][1] += 1
                for flag in found or ():
                    constructs[model, bench, flag][0] += right
                    constructs[model, bench, flag][1] += 1
    counts = {
        "runs": [{"model": m, "benchmark": b, "correct": c, "total": t} for (m, b), (c, t) in sorted(runs.items())],
        "constructs": [
            {"model": m, "benchmark": b, "construct": f, "correct": c, "total": t}
            for (m, b, f), (c, t) in sorted(constructs.items())
        ],
        "seconds": time.perf_counter() - started,
    }
    json.dump(counts, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
