"""Reference counts for crates/cli/tests/reference_numbers.rs::the_value_judge_agrees_with_python.

For gpt-4-turbo on CRUXEval: predictions the reference text rule accepts but Python's `==` on
`ast.literal_eval` values rejects, and the other way round (the value judge falls back to the
text rule when either side is not a literal). Run: python3 value_judge.py [fixtures folder].
"""
import ast, os, sys

root = os.path.join(sys.argv[1] if len(sys.argv) > 1 else "../../../shared/fixtures", "exerscope")
def norm(s): return s.strip("\n").strip().replace(" ", "").replace('"', "'")
def value_equal(p, g):
    try:
        return ast.literal_eval(p.strip()) == ast.literal_eval(g.strip())
    except Exception:
        return norm(p) == norm(g)
text_only = value_only = 0
folder = f"{root}/Experiment_Results/ER/gpt-4-turbo/cruxeval"
for d in os.listdir(folder):
    p = open(f"{folder}/{d}/predict.txt").read()
    g = open(f"{root}/dataset/cruxeval/{d}/output.txt").read()
    text, value = norm(p) == norm(g), value_equal(p, g)
    text_only += text and not value
    value_only += value and not text
print(f"text rule only: {text_only}, value judge only: {value_only}")
