"""Wall time of the whole ``truco conform`` run: the reference engine in-process, and through ``truco serve``.

    python benchmarks/conform.py [--repeat R] [--ruleset ID] [--tags EXPRESSION] [--before FOLDER]

Runs ``truco conform`` and ``truco conform --engine 'truco serve'`` (each a fresh process, as a user
runs them), alternately, ``--repeat`` times, and prints for each its best wall time, the CPU time of
that run (the command and the processes it waited for), its summary line, and the ratio of the two
wall times. On a shared machine the CPU time says what the run costs, the wall time what it took.

``--before FOLDER``: a checkout of an earlier commit (``git worktree add FOLDER REV``); the same two
runs with that checkout first on PYTHONPATH, in turn with the others, and the ratios of this
checkout's times to its times. ``--tags`` selects this checkout's scenarios (``truco conform
--tags``; the earlier checkout runs all of its own): it leaves out the scenarios added since the
earlier commit, so both run the same ones (an earlier checkout refuses a tag it does not know).
Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import subprocess
import sys
import time

from hands import positive  # beside this script: python puts its folder on the path


def run(arguments: list[str], before: str | None = None) -> tuple[float, float, str]:
    """Run ``truco conform ARGUMENTS``; return (wall seconds, CPU seconds, its last output line).
    Raises ``SystemExit`` with the run's message when it refuses its input (exit code 2): its
    timing would be the timing of an error. ``before``: a checkout put first on PYTHONPATH."""
    environment = {**os.environ, "COLUMNS": "120"}
    if before is not None:
        environment["PYTHONPATH"] = os.pathsep.join(filter(None, [before, os.environ.get("PYTHONPATH")]))
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    finished = subprocess.run([sys.executable, "-m", "truco_dsl.cli", "conform", *arguments],
                              capture_output=True, text=True, env=environment, cwd=before)  # -m puts the cwd first
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - usage.ru_utime) + (after.ru_stime - usage.ru_stime)
    if finished.returncode == 2:
        raise SystemExit(f"conform.py: truco conform {shlex.join(arguments)} refused its input: "
                         f"{finished.stderr.strip() or finished.stdout.strip()}")
    lines = finished.stdout.strip().splitlines() or finished.stderr.strip().splitlines() or ["(no output)"]
    return wall, cpu, lines[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=positive, default=1, help="runs of each, the best counts (default 1)")
    parser.add_argument("--ruleset", default=None, help="only this rule set's scenarios (default: all)")
    parser.add_argument("--tags", default=None, metavar="EXPRESSION",
                        help="only the scenarios of this checkout this tag expression selects (not applied to --before)")
    parser.add_argument("--before", default=None, metavar="FOLDER",
                        help="a checkout of an earlier commit, run the same way for comparison")
    options = parser.parse_args(argv)
    selection = ["--ruleset", options.ruleset] if options.ruleset else []
    tags = ["--tags", options.tags] if options.tags else []
    serve = shlex.join([sys.executable, "-m", "truco_dsl.cli", "serve"])  # `truco serve`, whatever PATH holds
    runs = {"in-process": (selection + tags, None), "through truco serve": (selection + tags + ["--engine", serve], None)}
    if options.before:
        runs.update({"in-process, before": (selection, options.before),
                     "through truco serve, before": (selection + ["--engine", serve], options.before)})
    best: dict[str, tuple[float, float, str]] = {}
    for _ in range(options.repeat):
        for label, (arguments, checkout) in runs.items():
            result = run(arguments, checkout)
            if label not in best or result[0] < best[label][0]:
                best[label] = result
    print(f"truco conform {shlex.join(selection + tags)}".rstrip() + f", best of {options.repeat} run(s) each, {os.cpu_count()} cores")
    for label, (wall, cpu, summary) in best.items():
        print(f"  {label:28} {wall:6.1f} s wall {cpu:6.1f} s CPU   {summary}")
    for suffix in ("", ", before") if options.before else ("",):
        print(f"  ratio through truco serve / in-process{suffix} (wall): "
              f"{best['through truco serve' + suffix][0] / best['in-process' + suffix][0]:.2f}")
    if options.before:
        for label in ("in-process", "through truco serve"):
            print(f"  {label}: before / now (wall) {best[label + ', before'][0] / best[label][0]:.2f}, "
                  f"(CPU) {best[label + ', before'][1] / best[label][1]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
