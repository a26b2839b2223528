"""Runs one Python program on one call under a line tracer, and tells what happened.

exerscope's two hosts load this file and call `serve(request_json) -> report_json`: the command-line
tool in a python3 process (`main` below, one request per line), the web app in Pyodide workers.
The fields are those of `RunRequest` and `RunReport` in `execution/mod.rs`.

The verdict follows CRUXEval's check, `assert <expected> == <call>`: the program's code runs, then
the expected value and the call are evaluated in its namespace and compared with Python's `==`.
The dynamic properties (SPEC 4.4) count line events of the program's own file, as `sys.settrace`
reports them: loop length is the largest count of one line (a `for` header counts n + 1).
"""

import builtins
import io
import json
import sys
import time

PROGRAM_FILE = "<program>"
CALL_FILE = "<call>"
# Returned values are shown, not stored: a longer repr is cut.
VALUE_CHARS = 10_000


class TimeLimitExceeded(BaseException):
    """Raised by the tracer. A BaseException, so that a program's `except Exception` lets it pass."""


class Tracer:
    """The trace function: counts the program's line events and its deepest stack of frames."""

    def __init__(self, deadline):
        self.deadline = deadline
        self.line_counts = {}
        self.line_events = 0
        self.depth = 0
        self.deepest = 0

    def __call__(self, frame, event, arg):
        if frame.f_code.co_filename != PROGRAM_FILE:
            return None
        if event == "line":
            line = frame.f_lineno
            self.line_counts[line] = self.line_counts.get(line, 0) + 1
            self.line_events += 1
            # The clock is read on every line: a line can take long (`v = v ** 2` in a loop
            # doubles its time each round), and reading it costs no more than counting to it.
            if time.perf_counter() > self.deadline:
                raise TimeLimitExceeded()
        elif event == "call":
            self.depth += 1
            self.deepest = max(self.deepest, self.depth)
        elif event == "return":
            self.depth -= 1
        return self


class Discard(io.TextIOBase):
    """Where the program's prints go: nowhere (a printing loop must not fill the memory)."""

    def write(self, text):
        return len(text)


def shown(value):
    try:
        text = repr(value)
    except BaseException as error:  # a broken __repr__ is the program's, not ours
        return f"<repr failed: {type(error).__name__}>"
    return text if len(text) <= VALUE_CHARS else text[:VALUE_CHARS] + "…"


def equals(expected, value):
    try:
        return bool(expected == value)
    except Exception:
        return False


def run(code, call, expected, time_limit_ms):
    """Executes `code`, then evaluates `expected` and `call` in its namespace; returns the report."""
    namespace = {"__name__": "__main__", "__builtins__": builtins}
    tracer = Tracer(time.perf_counter() + time_limit_ms / 1000)
    report = {"outcome": "returned", "value": None, "equals_expected": None, "error": None}
    started = time.perf_counter()
    # What a program may change for the programs run after it in this interpreter is put back.
    saved = sys.stdin, sys.stdout, sys.stderr, sys.getrecursionlimit()
    saved_builtins = dict(builtins.__dict__)
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(""), Discard(), Discard()
    sys.settrace(tracer)
    try:
        exec(compile(code, PROGRAM_FILE, "exec"), namespace)
        sys.settrace(None)
        expected_value, expected_ok = evaluate(expected, namespace)
        sys.settrace(tracer)
        value = eval(compile(call, CALL_FILE, "eval"), namespace)
        sys.settrace(None)
        report["value"] = shown(value)
        report["equals_expected"] = equals(expected_value, value) if expected_ok else None
    except TimeLimitExceeded:
        report["outcome"] = "timed_out"
    except MemoryError:
        report["outcome"] = "out_of_memory"
    except BaseException as error:  # SystemExit and KeyboardInterrupt are the program's too
        report["outcome"] = "raised"
        report["error"] = f"{type(error).__name__}: {error}"[:VALUE_CHARS]
    finally:
        sys.settrace(None)
        sys.stdin, sys.stdout, sys.stderr = saved[:3]
        sys.setrecursionlimit(saved[3])
        builtins.__dict__.clear()
        builtins.__dict__.update(saved_builtins)
    counts = tracer.line_counts.values()
    report.update(
        python=sys.version.split()[0],
        loop_length=max(counts, default=1),
        recursion_depth=tracer.deepest,
        line_events=tracer.line_events,
        distinct_lines=len(counts),
        seconds=time.perf_counter() - started,
    )
    return report


def evaluate(expected, namespace):
    """The expected value, evaluated like CRUXEval's assertion does; (None, False) if it cannot be."""
    try:
        return eval(compile(expected, "<expected>", "eval"), namespace), True
    except BaseException:
        return None, False


def serve(request_json):
    request = json.loads(request_json)
    report = run(request["code"], request["call"], request["expected"], request["time_limit_ms"])
    return json.dumps(report)


def main():
    """The command-line host: requests on stdin, reports on stdout, one JSON object per line.

    The protocol keeps file descriptors of its own; the program's 0, 1 and 2 lead nowhere, so
    that neither `input()` nor `os.write(1, ...)` in a program can reach the protocol.
    """
    import os

    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    reports = os.fdopen(os.dup(1), "w", encoding="utf-8")
    nowhere = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(nowhere, fd)
    if len(sys.argv) > 1:
        import resource

        limit = int(sys.argv[1])
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    for line in requests:
        reports.write(serve(line) + "\n")
        reports.flush()


if __name__ == "__main__":
    main()
