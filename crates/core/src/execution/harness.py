"""Runs one Python program on one call under a line tracer, and tells what happened, as data.

exerscope's two hosts load this file: the command-line tool starts it as a fork server (`main`
below: one confined process per run), the web app loads it in Pyodide workers and calls
`serve(request_json) -> report_json`. The fields are those of `RunRequest` and `RunReport` in
`execution/mod.rs`.

What a results file says is data: a call whose arguments are all literals is built with
`ast.literal_eval`, and only a call with an expression among its arguments is evaluated as code,
inside the run. The verdict is not decided here: the returned value goes back as data
(`canonical`), and the core compares it with the expected output, where no program reaches.
The dynamic properties (SPEC 4.4) count line events of the program's own file, as `sys.settrace`
reports them: loop length is the largest count of one line (a `for` header counts n + 1).
"""

import ast
import builtins
import io
import json
import sys
import threading
import time

PROGRAM_FILE = "<program>"
# Returned values are shown, not stored: a longer repr is cut.
VALUE_CHARS = 10_000
# What `canonical` writes down at most: deeper or larger values are cut.
VALUE_DEPTH = 100
VALUE_NODES = 1_000_000
VALUE_TEXT = 16_000_000


# Standard modules benchmark programs import most (HumanEval's `from typing import *`, ClassEval's
# tests): imported once by the host, before any program runs, not by every run (a run imported
# unittest in 40 ms, longer than most programs take). The web host's snapshot covers them: a run
# that changes one of them is told, and its interpreter replaced.
WARM_MODULES = (
    "typing", "math", "datetime", "re", "collections", "random", "time", "json", "string", "decimal",
    "itertools", "functools", "heapq", "bisect", "copy", "operator", "fractions", "statistics", "calendar",
    "logging", "unittest", "csv", "zipfile", "xml.etree.ElementTree", "urllib.parse", "sqlite3",
)


def warm():
    for name in WARM_MODULES:
        try:
            __import__(name)
        except ImportError:
            pass  # not in this Python (Pyodide loads sqlite3 as a package of its own)


class TimeLimitExceeded(BaseException):
    """Raised by the tracer. A BaseException, so that a program's `except Exception` lets it pass."""


class LineLimitExceeded(BaseException):
    """Raised by the tracer past MAX_LINE_EVENTS counted lines (at the next multiple of 256): where
    a long run ends does not depend on the machine (or the host: CPython or Pyodide), so neither do
    its properties."""


# The most line events a run counts before it is stopped (a few seconds of tracing).
MAX_LINE_EVENTS = 5_000_000


class Tracer:
    """The trace function: counts the program's line events and its deepest stack of frames, and
    records the trace (lines and the variables they changed) when asked.

    Lines are counted only once `start_counting` is called: for a call, the call (the reference
    traced the call, not the module defining the function); for a script, the whole module. The
    clock is read on every line not counted, and with the line limit every 256 counted lines.

    The functions Python calls on every line are closures over local variables, and the counts a
    list indexed by line: faster than methods and a dict (0.93 -> 0.63 us a line in Pyodide, about
    0.7 -> 0.4 natively; BENCHMARKS.md), which is most of what a long run costs."""

    def __init__(self, deadline, recording, program_lines):
        self.events = [] if recording else None
        self.cut = False
        # Per frame being recorded: its last event and what its variables looked like then.
        self.seen = {}
        clock = time.perf_counter
        counts = [0] * (program_lines + 2)
        lines = depth = deepest = 0
        counting = False

        def trace(frame, event, arg):
            """Python calls this on each new frame ('call'); what it returns traces that frame."""
            nonlocal depth, deepest
            code = frame.f_code
            if code.co_filename != PROGRAM_FILE:
                return None
            if code.co_name not in NOT_FRAMES:
                depth += 1
                if depth > deepest:
                    deepest = depth
            if not counting:
                return timed
            return counted if self.events is None else recorded

        # These run on every line event of the program: they are kept short (no call, no
        # attribute). While lines are not counted (a module defining the function called), the
        # clock is read on every line.
        def timed(frame, event, arg):
            nonlocal depth
            if event == "line":
                if clock() > deadline:
                    raise TimeLimitExceeded()
            elif event == "return" and frame.f_code.co_name not in NOT_FRAMES:
                depth -= 1
            return timed

        def counted(frame, event, arg):
            nonlocal depth, lines
            if event == "line":
                line = frame.f_lineno
                try:
                    counts[line] += 1
                except IndexError:  # past the program's last line: code it compiled as <program>
                    counts.extend([0] * (line + 1 - len(counts)))
                    counts[line] = 1
                lines += 1
                # Limits are checked every 256 counted lines (18% faster than on each): a single
                # line that takes long is ended by the host, which stops the run soon after.
                if not lines & 0xFF:
                    if lines > MAX_LINE_EVENTS:
                        raise LineLimitExceeded()
                    if clock() > deadline:
                        raise TimeLimitExceeded()
            elif event == "return" and frame.f_code.co_name not in NOT_FRAMES:
                depth -= 1
            return counted

        def recorded(frame, event, arg):
            counted(frame, event, arg)
            if self.events is not None:
                if event == "line":
                    self.record(frame, frame.f_lineno, depth)
                elif event == "return":
                    self.record_return(frame)
            return recorded

        def start_counting():
            nonlocal counting
            counting = True

        def summary():
            """(loop length, recursion depth, line events, distinct lines)."""
            hit = [n for n in counts if n]
            return max(hit, default=1), deepest, sum(hit), len(hit)

        self.trace, self.start_counting, self.summary = trace, start_counting, summary

    def record(self, frame, line, depth):
        """One line event: what the frame's last line changed goes to that line's event."""
        self.changes_of(frame)
        if len(self.events) >= TRACE_EVENTS:
            self.cut = True
            self.events = None
            self.seen = {}
            return
        self.events.append([line, depth, []])
        self.seen[id(frame)] = (len(self.events) - 1, self.seen.get(id(frame), (None, {}))[1])

    def record_return(self, frame):
        self.changes_of(frame)
        self.seen.pop(id(frame), None)

    def changes_of(self, frame):
        """What the frame's last line changed (a frame's first line shows its arguments too)."""
        last, before = self.seen.get(id(frame), (None, {}))
        if last is None:
            return
        now = variables(frame)
        self.events[last][2] = [[name, text] for name, text in now.items() if before.get(name) != text]
        self.seen[id(frame)] = (last, now)


# Code objects that are no frame of the program's own to a reader (a comprehension is a function
# in Python 3.11, not in 3.12), and the module itself: the recursion depth counts functions.
NOT_FRAMES = frozenset(("<module>", "<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"))
# A trace keeps at most this many line events; the run goes on, counted but not recorded.
TRACE_EVENTS = 10_000
# A variable's value in a trace is cut at this many characters.
TRACE_VALUE_CHARS = 200


def variables(frame):
    """The frame's variables as the trace shows them: data only (no modules, functions or
    classes), each written by `brief`."""
    shown_names = {}
    for name, value in frame.f_locals.items():
        if name.startswith("__") or isinstance(value, HIDDEN_KINDS):
            continue
        shown_names[name] = brief(value)
    return shown_names


HIDDEN_KINDS = (type, type(sys), type(lambda: 0), type(len), type(print.__call__))


def brief(value):
    """`repr` of a value, cut at TRACE_VALUE_CHARS, written without running any of the program's
    code: built-in values by their types' own `repr`, containers item by item, any other object
    as `<Type object>` (its `__repr__` is the program's, and could loop or raise)."""
    parts = []
    budget = [TRACE_VALUE_CHARS + 1]

    def put(text):
        parts.append(text[: budget[0]])
        budget[0] -= len(text)
        if budget[0] <= 0:
            raise Cut()

    def write(item, depth):
        kind = type(item)  # never `isinstance`: an object's `__class__` may be the program's code
        if item is None or kind is bool:
            put(repr(item))
        elif issubclass(kind, int):
            put(int.__repr__(item) if int.bit_length(item) < 600 else f"<int of {int.bit_length(item)} bits>")
        elif issubclass(kind, float):
            put(float.__repr__(item))
        elif issubclass(kind, complex):
            put(complex.__repr__(item))
        elif issubclass(kind, str):
            put(str.__repr__(str.__getitem__(item, slice(0, TRACE_VALUE_CHARS))))
        elif issubclass(kind, (bytes, bytearray)):
            put(bytes.__repr__(bytes(memoryview(item)[:TRACE_VALUE_CHARS])))
        elif depth > 20:
            put("…")
        else:
            brackets = next(((base, o, c) for base, o, c in BRACKETS if issubclass(kind, base)), None)
            if brackets is None:
                put(f"<{kind.__qualname__} object>")
                return
            base, opening, closing = brackets
            # The built-in type's own iteration: a subclass's `__iter__` is the program's code.
            items = dict.items(item) if base is dict else base.__iter__(item)
            if base in (set, frozenset) and not base.__len__(item):
                put(f"{base.__name__}()")
                return
            put(opening)
            for position, element in enumerate(items):
                if position:
                    put(", ")
                if base is dict:
                    write(element[0], depth + 1)
                    put(": ")
                    write(element[1], depth + 1)
                else:
                    write(element, depth + 1)
            put("," + closing if base is tuple and tuple.__len__(item) == 1 else closing)

    try:
        write(value, 0)
    except Cut:
        return "".join(parts)[:TRACE_VALUE_CHARS] + "…"
    except Exception:  # a container changed while it was written (another thread of the program)
        return "…"
    return "".join(parts)


BRACKETS = ((list, "[", "]"), (tuple, "(", ")"), (set, "{", "}"), (frozenset, "frozenset({", "})"), (dict, "{", "}"))


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


class Cut(Exception):
    """A value too deep or too large to write down."""


def canonical(value):
    """The value as data (`RunValue` in `execution/value.rs`), by the kind Python compares it as:
    an `int` subclass as an int, a `Counter` as a dict, a named tuple as a tuple; any other object
    by its type and repr. A container met again inside itself is written by its repr."""
    budget = {"nodes": VALUE_NODES, "text": VALUE_TEXT}
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return write_down(value, 0, set(), budget)
    except (Cut, RecursionError):
        return "cut"
    finally:
        sys.set_int_max_str_digits(limit)


def write_down(value, depth, open_containers, budget):
    budget["nodes"] -= 1
    if budget["nodes"] < 0 or depth > VALUE_DEPTH:
        raise Cut()
    if value is None:
        return "none"
    if type(value) is bool:
        return {"bool": value}
    if isinstance(value, int):
        return {"int": spend(int.__repr__(value), budget)}
    if isinstance(value, float):
        return {"float": float.__repr__(value)}
    if isinstance(value, complex):
        return {"complex": [float.__repr__(value.real), float.__repr__(value.imag)]}
    if isinstance(value, str):
        return {"str": spend(str.__str__(value), budget)}
    if isinstance(value, (bytes, bytearray)):
        return {"bytes": spend(bytes(value).hex(), budget)}
    kind = next((name for name, types in CONTAINERS if isinstance(value, types)), None)
    if kind is None:
        return other(value, budget)
    if id(value) in open_containers:
        return other(value, budget)
    open_containers.add(id(value))
    try:
        if kind == "dict":
            items = [
                [write_down(k, depth + 1, open_containers, budget), write_down(v, depth + 1, open_containers, budget)]
                for k, v in dict.items(value)
            ]
        else:
            items = [write_down(item, depth + 1, open_containers, budget) for item in value]
    finally:
        open_containers.discard(id(value))
    return {kind: items}


CONTAINERS = (("list", list), ("tuple", tuple), ("set", (set, frozenset)), ("dict", dict))


def other(value, budget):
    kind = type(value)
    return {"other": {"type_name": f"{kind.__module__}.{kind.__qualname__}", "repr": spend(shown(value), budget)}}


def spend(text, budget):
    budget["text"] -= len(text)
    if budget["text"] < 0:
        raise Cut()
    return text


def call_of(call, namespace):
    """Calls the program's function on the request's arguments. Literal arguments are read as
    data; a call with an expression among its arguments is evaluated whole, as CRUXEval does."""
    if all(argument["literal"] for argument in call["arguments"]) and call["function"].isidentifier():
        try:
            args, kwargs = arguments_of(call["arguments"])
        except (ValueError, SyntaxError, TypeError):
            pass  # not a literal to Python after all: evaluated as written
        else:
            function = namespace[call["function"]] if call["function"] in namespace else getattr(
                builtins, call["function"]
            )
            return function(*args, **kwargs)
    test = None if call["arguments"] else test_method(call["function"], namespace)
    if test is not None:
        return test()
    return eval(compile(call["text"], "<call>", "eval"), namespace)


def test_method(function, namespace):
    """`Case.test` of a `unittest.TestCase` subclass `Case`, bound to a new instance: ClassEval's
    programs end in such a test, and their input calls it on the class (`Test.test()`)."""
    owner, _, method = function.partition(".")
    cls = namespace.get(owner)
    if not (method.isidentifier() and isinstance(cls, type) and callable(vars(cls).get(method))):
        return None
    if not any(base.__name__ == "TestCase" and base.__module__ == "unittest.case" for base in cls.__mro__):
        return None
    return getattr(cls(), method)


def arguments_of(arguments):
    args, kwargs = [], {}
    for argument in arguments:
        value = ast.literal_eval(argument["source"])
        if argument["unpack"] == "*":
            args.extend(value)
        elif argument["unpack"] == "**" or argument["name"] is not None:
            more = dict(value) if argument["unpack"] == "**" else {argument["name"]: value}
            for name in more:
                if name in kwargs:
                    raise TypeError(f"got multiple values for keyword argument {name!r}")
            kwargs.update(more)
        else:
            args.append(value)
    return args, kwargs


def run(request):
    """Executes the program and calls its function (or, without a call, runs it as a script on
    its `stdin`), and returns the report (a dict)."""
    namespace = {"__name__": "__main__", "__builtins__": builtins}
    deadline = time.perf_counter() + request["time_limit_ms"] / 1000
    tracer = Tracer(deadline, request.get("trace", False), request["code"].count("\n") + 1)
    report = {"outcome": "returned", "value": None, "result": None, "expected_value": None, "expected_error": None}
    call = request.get("call")
    output = Captured() if call is None else Discard()
    started = time.perf_counter()
    # What a program may change for the programs run after it in this interpreter is put back.
    saved = sys.stdin, sys.stdout, sys.stderr, sys.getrecursionlimit()
    saved_builtins = dict(builtins.__dict__)
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(request.get("stdin", "")), output, Discard()
    if call is None:
        tracer.start_counting()
    # Threads the program starts are traced too (as the `trace` module the reference used does).
    threading.settrace(tracer.trace)
    sys.settrace(tracer.trace)
    try:
        if call is None:
            run_script(request["code"], namespace)
            value = output.text()
        else:
            exec(compile(request["code"], PROGRAM_FILE, "exec"), namespace)
            tracer.start_counting()
            value = call_of(call, namespace)
        sys.settrace(None)
        # The value is written down with the interpreter as it was before the program.
        put_back(saved, saved_builtins)
        report["value"] = shown(value)
        report["result"] = canonical(value)
        if request.get("expected_expression") is not None:
            try:
                expected = eval(compile(request["expected_expression"], "<expected>", "eval"), namespace)
                report["expected_value"] = canonical(expected)
            except BaseException as error:
                report["expected_error"] = described(error)
    except TimeLimitExceeded:
        report["outcome"] = "timed_out"
    except LineLimitExceeded:
        report["outcome"] = "line_limit"
    except MemoryError:
        report["outcome"] = "out_of_memory"
    except BaseException as error:  # SystemExit and KeyboardInterrupt are the program's too
        report["outcome"] = "raised"
        report["error"] = described(error)
    finally:
        sys.settrace(None)
        threading.settrace(None)
        put_back(saved, saved_builtins)
    loop_length, recursion_depth, line_events, distinct_lines = tracer.summary()
    report.update(
        python=sys.version.split()[0],
        loop_length=loop_length,
        recursion_depth=recursion_depth,
        line_events=line_events,
        distinct_lines=distinct_lines,
        seconds=time.perf_counter() - started,
    )
    if tracer.events is not None or tracer.cut:
        report["trace"] = {"events": tracer.events or [], "cut": tracer.cut}
    return report


def run_script(code, namespace):
    """A script ends normally when it calls `exit()` (or `sys.exit(0)`): as in a terminal, its
    output is its result. `exit` and `quit` are the site module's, which `-S` leaves out."""
    namespace["exit"] = namespace["quit"] = sys.exit
    try:
        exec(compile(code, PROGRAM_FILE, "exec"), namespace)
    except SystemExit as end:
        if end.code not in (None, 0):
            raise


class Captured(io.TextIOBase):
    """A script's standard output: kept up to OUTPUT_CHARS (what it wrote beyond is counted only,
    so a printing loop does not fill the memory)."""

    def __init__(self):
        self.parts = []
        self.kept = 0
        self.written = 0

    def write(self, text):
        text = str.__str__(text)
        if self.kept < OUTPUT_CHARS:
            part = text[: OUTPUT_CHARS - self.kept]
            self.parts.append(part)
            self.kept += len(part)
        self.written += len(text)
        return len(text)

    def text(self):
        kept = "".join(self.parts)
        return kept if self.written == self.kept else kept + f"… ({self.written} characters in all)"


# What a script's output keeps at most.
OUTPUT_CHARS = 1_000_000


def put_back(saved, saved_builtins):
    sys.stdin, sys.stdout, sys.stderr = saved[:3]
    sys.setrecursionlimit(saved[3])
    builtins.__dict__.clear()
    builtins.__dict__.update(saved_builtins)


def described(error):
    try:
        return f"{type(error).__name__}: {error}"[:VALUE_CHARS]
    except BaseException:
        return type(error).__name__


# The web app's host: every run in one interpreter, so what a run changed must be seen.


class Snapshot:
    """What the interpreter looked like before any program ran: every module's and class's
    attributes, the harness's own names, the interpreter's hooks; and an audit hook that sees the
    code or defaults of a function of that time being set (a harness function's `__code__`). A run that changed any of it is told, and the web app replaces the worker: the
    next program must not run in what this one left. Checked after every run, so compared by identity
    with C-level loops (`map`, `operator.is_`), never by `==` (a planted object could claim to be
    equal)."""

    def __init__(self, harness):
        import importlib.machinery  # noqa: F401  (their first import changes the import
        import importlib.util  # noqa: F401        system's own modules: done before the snapshot)
        import types
        from itertools import chain
        from operator import is_

        self.modules = dict(sys.modules)
        # `__main__` is the host's scratch space (programs run in a namespace of their own).
        dicts = [harness] + [
            module.__dict__
            for name, module in self.modules.items()
            if name != "__main__" and type(getattr(module, "__dict__", None)) is dict
        ]
        values = list(chain.from_iterable(map(dict.values, dicts)))
        # The classes' own dicts (reached once through the collector: `vars()` would make a proxy
        # each time); built-in types cannot be changed at all.
        dicts += [class_dict(value) for value in values if isinstance(value, type) and value.__flags__ & HEAP_TYPE]
        hooks = lambda: (sys.gettrace(), sys.getprofile(), sys.excepthook, *sys.meta_path, *sys.path_hooks, *sys.path)  # noqa: E731
        self.views = [
            lambda: chain.from_iterable(map(dict.keys, dicts)),
            lambda: chain.from_iterable(map(dict.values, dicts)),
            hooks,
        ]
        self.size = lambda: (sum(map(len, dicts)), len(hooks()))
        self.all, self.is_, self.list, self.id = all, is_, list, id
        self.state = [self.list(view()) for view in self.views]
        self.sizes = self.size()
        # A function's code and defaults are set without a dict changing: the audit hook sees it.
        self.watched = {id(value) for value in values if isinstance(value, types.FunctionType)}
        self.touched = []
        sys.addaudithook(self.see)

    def see(self, event, args):
        if event in ("object.__setattr__", "object.__delattr__") and self.id(args[0]) in self.watched:
            self.touched.append(args[1])

    def changed(self):
        """Modules a run imported leave with it; anything else it changed is told (`True`)."""
        for name in sys.modules.keys() - self.modules.keys():
            module = sys.modules.pop(name)
            # Importing `a.b` sets `b` on the module `a`: that leaves with `a.b`.
            parent, _, child = name.rpartition(".")
            if getattr(self.modules.get(parent), child, None) is module:
                delattr(self.modules[parent], child)
        if self.touched:
            return True
        return self.size() != self.sizes or not self.all(
            self.all(map(self.is_, view(), saved)) for view, saved in zip(self.views, self.state)
        )


HEAP_TYPE = 1 << 9


def class_dict(cls):
    """The dict behind a class's `__dict__` proxy."""
    import gc

    proxy = vars(cls)
    found = [d for d in gc.get_referents(cls) if type(d) is dict and d.keys() == proxy.keys()]
    return found[0] if found else {}


# The snapshot, once taken (in a list: the harness's own names are watched, and must not change).
SNAPSHOT = []


def serve(request_json):
    """One run in this interpreter: the report, with `state_changed` when the interpreter is not as
    it was before any program ran (this run, or something an earlier one left, changed it)."""
    import gc

    if not SNAPSHOT:
        warm()
        SNAPSHOT.append(Snapshot(globals()))
        # What is here now lives as long as the interpreter: the collector need not walk it
        # again after every run (it took 5 ms a collection, more than most runs).
        gc.freeze()
    report = run(json.loads(request_json))
    report["sandbox"] = "a Web Worker without network, page or files"
    gc.disable()  # the check allocates nothing worth collecting, and a collection costs more than it
    try:
        report["state_changed"] = SNAPSHOT[0].changed()
    finally:
        gc.enable()
    return json.dumps(report)


# The command-line host: a fork server, one confined process per run.


def main():
    """Requests on stdin, reports on stdout, one JSON object per line each. The first line in sets
    the server up (`{"folder", "sandbox", "pid_namespace"}`) and is answered by `{"ready": ...}`;
    then each line in is `{"nonce", "request"}`, answered by the report with its nonce.

    The command-line tool starts this process in what confinement the machine allows (network and
    pid namespaces, Landlock: `sandbox.rs`) and names it in `sandbox`; this process adds, for
    each run, a process of its own (forked from this warmed interpreter, in its own process group),
    limits on CPU, memory, file size and open files, a private folder, and an audit hook refusing
    sockets, other programs and writes outside the folder. The protocol keeps file descriptors of
    its own; a run's process closes them, and its 0, 1 and 2 lead nowhere.
    """
    import os

    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    reports = os.fdopen(os.dup(1), "w", encoding="utf-8")
    nowhere = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(nowhere, fd)
    os.close(nowhere)
    setup = json.loads(requests.readline())
    if setup["pid_namespace"] and os.fork() != 0:
        # This process stays outside the namespace only to give its exit status back; its child is
        # the namespace's first process: whatever a run starts cannot outlive it.
        requests.close()
        reports.close()
        _, status = os.wait()
        os._exit(os.waitstatus_to_exitcode(status) & 0xFF)
    os.makedirs(setup["folder"], 0o700, exist_ok=True)
    warm()
    server = ForkServer(setup["folder"], setup["sandbox"], setup["pid_namespace"])
    # What every run's process shares with this one is not copied for it until changed.
    import gc

    gc.freeze()
    reports.write(json.dumps({"ready": setup["sandbox"]}) + "\n")
    reports.flush()
    for line in requests:
        envelope = json.loads(line)
        report = server.run(envelope["request"])
        report["nonce"] = envelope["nonce"]
        reports.write(json.dumps(report) + "\n")
        reports.flush()


class ForkServer:
    # How long past a run's own time limit its process lives before it is killed.
    GRACE_SECONDS = 0.5
    MEMORY_BYTES = 2 << 30
    FILE_BYTES = 64 << 20
    OPEN_FILES = 256
    # Forks a run may make (none of its children may fork again); no other program may start.
    FORKS = 8
    # A report is at most this long (a value written down, its repr, the properties).
    REPORT_BYTES = 64 << 20

    def __init__(self, work, sandbox, pid_namespace):
        import os
        import resource  # noqa: F401 (imported here once, not in every run's process)
        import select  # noqa: F401
        import shutil  # noqa: F401
        import signal  # noqa: F401

        self.work = work
        self.sandbox = sandbox
        self.pid_namespace = pid_namespace
        self.folder = os.path.join(work, "run")
        os.makedirs(self.folder, 0o700, exist_ok=True)
        # Without a pid namespace, a forked process could leave the run's process group and outlive
        # it: then a run may not fork at all.
        self.guard = Guard.for_folder(self.folder, self.FORKS if pid_namespace else 0)

    def run(self, request):
        import os
        import shutil
        import signal

        folder = self.folder
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            self.child(request, folder, write_end)
        os.close(write_end)
        deadline = time.monotonic() + request["time_limit_ms"] / 1000 + self.GRACE_SECONDS
        data, timed_out = self.collect(pid, read_end, deadline)
        os.close(read_end)
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
        _, status = os.waitpid(pid, 0)
        self.end_leftovers()
        if os.listdir(folder):
            shutil.rmtree(folder, ignore_errors=True)
            os.mkdir(folder, 0o700)
        report = self.read_report(data, status) if not timed_out else {"outcome": "timed_out"}
        report.setdefault("python", sys.version.split()[0])
        report["sandbox"] = self.sandbox
        for key in ("loop_length", "recursion_depth", "line_events", "distinct_lines", "seconds"):
            report.setdefault(key, 0)
        return report

    def collect(self, pid, read_end, deadline):
        """What the run's process wrote until it ended, and whether it ran out of time. Its end is
        watched through a pidfd, not the pipe: what a run left running may hold the pipe open."""
        import os
        import select

        exited = os.pidfd_open(pid)
        data, reading = b"", True
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    return data, True
                ready, _, _ = select.select([exited] + [read_end] * reading, [], [], left)
                if read_end in ready:
                    chunk = os.read(read_end, 1 << 16)
                    data += chunk
                    reading = bool(chunk) and len(data) <= self.REPORT_BYTES
                if exited in ready:
                    # Gone: what it wrote is in the pipe (what its leftovers write is not waited for).
                    os.set_blocking(read_end, False)
                    while reading and len(data) <= self.REPORT_BYTES:
                        try:
                            chunk = os.read(read_end, 1 << 16)
                        except BlockingIOError:
                            break
                        data += chunk
                        reading = bool(chunk)
                    return data, False
        finally:
            os.close(exited)

    @staticmethod
    def read_report(data, status):
        import os
        import signal

        lines = data.split(b"\n")
        if len(lines) > 2 or lines[-1]:
            return {"outcome": "crashed", "reason": "the program wrote into its own report: not judged by it"}
        try:
            report = json.loads(lines[0]) if data else None
        except ValueError:
            report = None
        if isinstance(report, dict) and report.get("outcome") in (
            "returned",
            "raised",
            "timed_out",
            "line_limit",
            "out_of_memory",
        ):
            return report
        code = os.waitstatus_to_exitcode(status)
        how = f"signal {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"
        return {"outcome": "crashed", "reason": f"the program ended its process ({how})"}

    def end_leftovers(self):
        """Whatever a run started and left running ends now: in a pid namespace, every process
        but this one (its first); else the run's process group."""
        import os
        import signal

        if self.pid_namespace:
            try:
                os.kill(-1, signal.SIGKILL)
            except OSError:
                pass
        while True:
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return

    def child(self, request, folder, write_end):
        """The run's own process: confined, runs the program, writes its report, and ends."""
        import os

        try:
            os.setpgid(0, 0)
            os.dup2(write_end, 3)
            os.closerange(4, 1 << 16)
            os.chdir(folder)
            os.environ.clear()
            os.environ.update(HOME=folder, TMPDIR=folder)
            self.limit(request["time_limit_ms"])
            self.guard.arm()
            report = run(request)
            data = json.dumps(report).encode() + b"\n"
            while data:
                data = data[os.write(3, data) :]
        finally:
            os._exit(0)

    def limit(self, time_limit_ms):
        import resource

        seconds = time_limit_ms // 1000 + 2
        for limit, value in (
            (resource.RLIMIT_CPU, seconds),
            (resource.RLIMIT_AS, self.MEMORY_BYTES),
            (resource.RLIMIT_FSIZE, self.FILE_BYTES),
            (resource.RLIMIT_NOFILE, self.OPEN_FILES),
            (resource.RLIMIT_CORE, 0),
        ):
            resource.setrlimit(limit, (value, value))


class Guard:
    """The run's audit hook (PEP 578): no sockets, no other programs, at most a few forks, no
    native code through ctypes, no writes outside the run's folder, no reads outside Python's own
    files, no signals to other processes. Where the kernel confines the run too (Landlock, name
    spaces), this is the second wall; elsewhere it is the one."""

    REFUSED = (
        "socket.",
        "subprocess.Popen",
        "os.system",
        "os.exec",
        "os.posix_spawn",
        "os.spawn",
        "pty.spawn",
        "ctypes.",
        "os.killpg",
        "signal.pthread_kill",
        "winreg.",
        "_winapi.",
    )
    MODULES = ("_posixsubprocess", "_ctypes")
    CHANGES = ("os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.symlink", "os.link", "os.chmod", "os.chown",
               "os.truncate", "os.utime", "shutil.", "os.chflags", "os.mkfifo", "os.mknod")
    # Devices a program may read (the rest of /dev is disks and terminals).
    DEVICES = ("/dev/null", "/dev/zero", "/dev/random", "/dev/urandom")

    def __init__(self, folder, readable, forks):
        import os

        self.os = os
        self.folder = folder
        self.readable = readable
        self.write_flags = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
        self.forks = forks
        self.pid = None

    @classmethod
    def for_folder(cls, folder, forks):
        """Made once by the server (paths resolved once), armed in each run's process."""
        import os

        roots = {sys.base_prefix, sys.prefix, sys.base_exec_prefix, "/usr", "/lib", "/lib64"}
        return cls(os.path.realpath(folder), tuple(os.path.realpath(root) for root in roots), forks)

    def arm(self):
        self.pid = self.os.getpid()
        self.os.register_at_fork(after_in_child=self.no_more_forks)
        sys.addaudithook(self)

    def no_more_forks(self):
        self.forks = 0

    def __call__(self, event, args):
        if event.startswith(self.REFUSED):
            self.refuse(event)
        if event == "os.fork":
            self.forks -= 1
            if self.forks < 0:
                self.refuse("more forks")
        elif event == "os.kill" and args[0] not in (self.pid, 0):
            self.refuse(event)
        elif event == "import" and args[0] in self.MODULES:
            self.refuse(f"import {args[0]}")
        elif event == "open":
            self.check_open(args)
        elif event.startswith(self.CHANGES):
            for path in args:
                if isinstance(path, (str, bytes)):
                    self.check_path(path, writing=True)

    def check_open(self, args):
        path, mode, flags = (list(args) + [None, None, 0])[:3]
        if not isinstance(path, (str, bytes)):
            return  # a file descriptor already open
        writing = bool((flags or 0) & self.write_flags) or any(c in (mode or "") for c in "wax+")
        self.check_path(path, writing)

    def check_path(self, path, writing):
        os = self.os
        real = os.path.realpath(os.fsdecode(path))
        inside = real == self.folder or real.startswith(self.folder + os.sep)
        if inside or real == "/dev/null":
            return
        readable = real in self.DEVICES or any(real == root or real.startswith(root + os.sep) for root in self.readable)
        if writing or not readable:
            self.refuse(f"{'writing' if writing else 'reading'} {real}")

    @staticmethod
    def refuse(what):
        raise PermissionError(f"exerscope's sandbox refuses {what}")


if __name__ == "__main__":
    main()
