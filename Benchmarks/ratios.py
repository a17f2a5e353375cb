#!/usr/bin/env python3
"""Reads `swift package benchmark` text output on stdin and prints docs/performance.md's table:
each seed rule's compiled validator as a ratio of the hand-tuned baseline and of the seed-style
code measured in the same run (p50 wall clock), with mallocs per 1,000 inputs."""
import re
import sys

UNITS = {"ns": 1e-3, "μs": 1.0, "us": 1.0, "ms": 1e3, "s": 1e6}
SCALE = {"": 1, "K": 1e3, "M": 1e6}
results, name = {}, None
for line in sys.stdin:
    line = line.rstrip("\n")
    # NB: a name is a line with no table in it; a progress bar can leave a piece of a rule behind.
    if line and not line.startswith(("│", "╒", "╞", "├", "╘", "=", " ")) and not any(c in line for c in "│─═"):
        name = line.strip()
        continue
    cells = [cell.strip() for cell in line.split("│")[1:-1]]
    if name is None or len(cells) < 4:
        continue
    metric = re.match(r"(Time \(wall clock\)|Malloc \(total\)) \(?([^)*]*)\)?", cells[0])
    if not metric:
        continue
    unit = metric.group(2).strip()
    p50 = float(cells[3].replace(",", ""))
    key = "time" if metric.group(1).startswith("Time") else "malloc"
    results.setdefault(name, {})[key] = p50 * (UNITS.get(unit, 1.0) if key == "time" else SCALE.get(unit, 1))

rules = sorted({n.split("/")[0] for n in results if n.endswith("/compiled") and " " not in n.split("/")[0]})
KINDS = ("compiled", "generated", "hand-tuned", "seed-style")
print("| rule | compiled (µs / 1,000 inputs) | generated | hand-tuned | seed-style | compiled ÷ hand-tuned (target ≤ 1.5) "
      "| generated ÷ hand-tuned | seed-style ÷ compiled (target ≥ 3) | mallocs / 1,000: compiled, generated, hand-tuned, seed-style |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
for rule in rules:
    c, g, h, s = (results.get(f"{rule}/{kind}", {}) for kind in KINDS)
    if not (c and g and h and s):
        continue
    print(f"| {rule} | {c['time']:.0f} | {g['time']:.0f} | {h['time']:.0f} | {s['time']:.0f} | {c['time'] / h['time']:.2f} | "
          f"{g['time'] / h['time']:.2f} | {s['time'] / c['time']:.1f} | "
          f"{c['malloc']:.0f}, {g['malloc']:.0f}, {h['malloc']:.0f}, {s['malloc']:.0f} |")
for extra in sorted(n for n in results if n not in {f"{r}/{k}" for r in rules for k in KINDS}):
    r = results[extra]
    print(f"| {extra} | {r.get('time', 0):.0f} µs | | | | | {r.get('malloc', 0):.0f} mallocs |")
