#!/usr/bin/env python3
"""Records per second of rulecheck_runtime.dataframe (pandas) and rulecheck_runtime.spark (local mode) against
`rulecheck audit` on the same CSV file, in one run; docs/performance.md, "DataFrames".

Usage: PYTHONPATH=runtimes/python/src python3 runtimes/python/bench/dataframes.py \\
           --rulecheck .build/release/rulecheck [--records 1000000] [--master local[2]]

N records of the five-field model Record (tests/audit/rules: string, integer, decimal, boolean,
date; 1% too long a title), as Benchmarks/audit.sh writes them, in a CSV file. Each way's counts
must be the binary's. Timed: the binary's whole run; pandas reading the file (`read_csv`, every
column text) and `audit` apart; Spark's one-pass `audit` over `spark.read.csv`, reading included,
the session started before. Wall seconds, and CPU seconds: of the binary, of this process for
pandas, of the whole Spark process tree (driver, JVM, Python workers) for Spark.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import resource
import subprocess
import sys
import tempfile
import time
from typing import Any, Dict, List, Tuple

HERE = pathlib.Path(__file__).resolve().parent
SOURCE = HERE.parent / "src"
RULES = HERE.parent / "tests" / "audit" / "rules"
sys.path.insert(0, str(SOURCE))

from rulecheck_runtime import Rules  # noqa: E402

COUNTS = ("records", "valid", "invalid", "unreadable", "codes", "paths", "pathCodes", "unreadableReasons")


def write_records(path: pathlib.Path, count: int) -> None:
    with path.open("w", encoding="utf-8") as file:
        file.write("title,count,price,done,due\n")
        for i in range(count):
            title = f"Task number {i}" + (" and much more text than forty" if i % 100 == 99 else "")
            done = "true" if i % 2 else "false"
            file.write(f"{title},{i % 1000},{i % 997}.{i % 100:02d},{done},2026-{1 + i % 12:02d}-{1 + i % 28:02d}\n")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def tree_cpu() -> float:
    """The CPU seconds of this process's descendants still running (a Spark session's JVM and its
    Python workers), with those of the children they have waited for, from /proc."""
    parents: Dict[int, int] = {}
    times: Dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = pathlib.Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        times[int(entry)] = sum(int(value) for value in fields[11:15]) / tick
    total = 0.0
    for pid, seconds in times.items():
        ancestor = parents.get(pid)
        while ancestor is not None and ancestor != os.getpid():
            ancestor = parents.get(ancestor)
        if ancestor == os.getpid():
            total += seconds
    return total


def counts(summary: Dict[str, Any]) -> Dict[str, Any]:
    return {key: summary[key] for key in COUNTS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rulecheck", required=True, help="the rulecheck binary")
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--skip-spark", action="store_true")
    options = parser.parse_args()
    binary = os.path.realpath(options.rulecheck)
    n = options.records
    rows: List[Tuple[str, float, float, str]] = []
    with tempfile.TemporaryDirectory() as work_name:
        work = pathlib.Path(work_name)
        data = work / "records.csv"
        write_records(data, n)
        export = work / "record.schema.json"
        subprocess.run([binary, "export", "jsonschema", str(RULES), "--output", str(export)], check=True,
                       stderr=subprocess.DEVNULL)
        rules = Rules.load(export)

        cpu, start = children_cpu(), time.perf_counter()
        run = subprocess.run([binary, "audit", str(data), "--rules", str(RULES), "--model", "Record",
                              "--format", "json"], capture_output=True)
        wall, cpu = time.perf_counter() - start, children_cpu() - cpu
        assert run.returncode in (0, 1), run.stderr.decode()
        expected = counts(json.loads(run.stdout))
        rows.append(("`rulecheck audit` (all cores)", wall, cpu, "reading and validating"))

        import pandas

        from rulecheck_runtime.dataframe import audit as pandas_audit

        cpu, start = own_cpu(), time.perf_counter()
        frame = pandas.read_csv(data, dtype=str, keep_default_na=False)
        wall, cpu = time.perf_counter() - start, own_cpu() - cpu
        rows.append(("pandas `read_csv` (text cells)", wall, cpu, "reading alone"))
        cpu, start = own_cpu(), time.perf_counter()
        found = pandas_audit(frame, rules, "Record")
        wall, cpu = time.perf_counter() - start, own_cpu() - cpu
        rows.append(("`rulecheck_runtime.dataframe.audit` (one thread)", wall, cpu, "validating the frame"))
        assert counts(found.summary) == expected, (found.summary, expected)
        del frame, found

        if not options.skip_spark:
            os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SOURCE), os.environ.get("PYTHONPATH")]))
            from pyspark.sql import SparkSession

            from rulecheck_runtime import spark as rulespark

            spark = (SparkSession.builder.master(options.master).appName("rulecheck-bench")
                     .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                     .config("spark.driver.bindAddress", "127.0.0.1")
                     .config("spark.sql.files.maxPartitionBytes", str(8 << 20)).getOrCreate())
            spark.sparkContext.setLogLevel("ERROR")
            cpu, start = own_cpu() + tree_cpu(), time.perf_counter()
            sframe = spark.read.csv(str(data), header=True)
            summary = rulespark.audit(sframe, rules, "Record")
            wall, cpu = time.perf_counter() - start, own_cpu() + tree_cpu() - cpu
            rows.append((f"`rulecheck_runtime.spark.audit`, {options.master}", wall, cpu,
                         f"reading and validating, {sframe.rdd.getNumPartitions()} partitions"))
            assert counts(summary) == expected, (summary, expected)
            spark.stop()

    baseline = rows[0][1]
    print(f"{n:,} records, {expected['invalid']:,} invalid; the same counts every way\n")
    base_cpu = rows[0][2]
    print("| run | wall | CPU | records/s (wall) | records per CPU second | ÷ `rulecheck audit` (wall; CPU) | what |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for name, wall, cpu, what in rows:
        print(f"| {name} | {wall:.2f} s | {cpu:.2f} s | {n / wall:,.0f} | {n / cpu:,.0f} | "
              f"{wall / baseline:.2f}; {cpu / base_cpu:.2f} | {what} |")


if __name__ == "__main__":
    main()
