"""An Apache Spark DataFrame validated row by row as records of a model, on the executors, with
the counts of `rulecheck audit` (docs/python.md, "DataFrames: pandas and Spark"). Needs
`pip install rulecheck[spark]` (pyspark and pyarrow) on the driver and the executors.

The rules' export text is broadcast once; each Python worker compiles it once and keeps it for the
tasks it runs. Under Spark Connect, which has no broadcast, the text travels inside each task's
function instead (its size, once a task). The rows go through `mapInArrow`: no pandas on the
executors.

>>> from rulecheck_runtime import Rules
>>> from rulecheck_runtime import spark as rulespark
>>> rules = Rules.load("rules.schema.json")
>>> checked = rulespark.validate(frame, rules, "ToDoTask")   # + violations, unreadable
>>> rulespark.summarize(checked, "ToDoTask")["invalid"]
>>> rulespark.audit(frame, rules, "ToDoTask")                # the counts alone, in one pass
"""

from __future__ import annotations

import datetime
import json
from importlib import import_module
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Union

from ._api import Rules
from ._records import NOT_TEXT, ColumnsError, RecordChecker, Tally

__all__ = ["ColumnsError", "NOT_TEXT", "VIOLATIONS_TYPE", "audit", "summarize", "validate"]

# The Spark type of the violations column: one struct per violation, in the validator's order.
VIOLATIONS_TYPE = "array<struct<path:string,code:string,value:string>>"

# Rules compiled in this Python worker, by their export text (a worker runs many tasks).
_COMPILED: Dict[bytes, Rules] = {}


def _compiled(export: bytes) -> Rules:
    rules = _COMPILED.get(export)
    if rules is None:
        if len(_COMPILED) >= 8:
            _COMPILED.clear()
        rules = _COMPILED[export] = Rules.loads(export)
    return rules


def _export_of(rules: Rules) -> bytes:
    export = rules._export
    if export is None:
        raise ValueError("rules built from a dict cannot be shipped to Spark executors; "
                         "load them with Rules.load or Rules.loads")
    return export


# What a cell that Arrow cannot give as text (a string holding invalid UTF-8) is read as: bytes
# that are not UTF-8, which make the row `notCSV`.
_NOT_UTF8 = b"\xff"


class _Opaque:
    """A cell Arrow cannot give as a Python value (a type it has no conversion for): the validator
    reports it `invalidFormat`, shown as its Arrow type."""

    __slots__ = ("shown",)

    def __init__(self, shown: str) -> None:
        self.shown = shown

    def __str__(self) -> str:
        return self.shown


def _cells(column: Any) -> List[Any]:
    """An Arrow column's cells as Python values; a cell holding invalid UTF-8 as bytes that are not
    UTF-8, and one of a type Arrow cannot convert as an opaque value, so that no cell fails a task."""
    try:
        cells: List[Any] = column.to_pylist()
        return cells
    except UnicodeDecodeError:
        pyarrow = import_module("pyarrow")
        if pyarrow.types.is_string(column.type) or pyarrow.types.is_large_string(column.type):
            raw: List[Any] = column.cast(pyarrow.binary(), safe=False).to_pylist()
            return raw
    except Exception:  # NB: checked cell by cell below
        pass
    found: List[Any] = []
    for index in range(len(column)):  # a list or struct column holding such a string: cell by cell
        try:
            found.append(column[index].as_py())
        except UnicodeDecodeError:
            found.append(_NOT_UTF8)
        except Exception:
            found.append(_Opaque(f"<{column.type}>"))
    return found


def _checker_for(frame: Any, rules: Rules, name: str,
                 today: Union[str, datetime.date, None]) -> Callable[[], RecordChecker]:
    """Checks the columns on the driver (ColumnsError before any job), and returns what makes the
    checker on an executor, from the broadcast export (from the function's own copy under Spark
    Connect)."""
    columns = list(frame.columns)
    RecordChecker(rules, name, columns, today=today)
    export = _export_of(rules)
    # NB: a Spark Connect session has no SparkContext; reading it raises an AttributeError.
    context = getattr(frame.sparkSession, "sparkContext", None)
    if context is None:
        def make_here() -> RecordChecker:
            return RecordChecker(_compiled(export), name, columns, today=today)

        return make_here
    broadcast = context.broadcast(export)

    def make() -> RecordChecker:
        return RecordChecker(_compiled(broadcast.value), name, columns, today=today)

    return make


def validate(frame: Any, rules: Rules, name: str, *, today: Union[str, datetime.date, None] = None) -> Any:
    """`frame` with two columns more: `violations` (VIOLATIONS_TYPE; empty for a valid row, null
    for a row that is not a record) and `unreadable` (why a row is not a record, else null). Cells
    are read as rulecheck_runtime.dataframe.audit reads them. Lazy, as any DataFrame; raises ColumnsError
    at once when a field of the model has no column."""
    types = import_module("pyspark.sql.types")

    for taken in ("violations", "unreadable"):
        if taken in frame.columns:
            raise ColumnsError(f"the frame has a column '{taken}' already; rename it before validating")
    make = _checker_for(frame, rules, name, today)
    schema = types.StructType(list(frame.schema.fields) + [
        types.StructField("violations", types._parse_datatype_string(VIOLATIONS_TYPE), True),
        types.StructField("unreadable", types.StringType(), True),
    ])

    def run(batches: Iterable[Any]) -> Iterator[Any]:
        pyarrow = import_module("pyarrow")
        checker = make()
        violation_type = pyarrow.list_(pyarrow.struct(
            [("path", pyarrow.string()), ("code", pyarrow.string()), ("value", pyarrow.string())]))
        for batch in batches:
            found, reasons = checker.check_columns([_cells(batch.column(i)) for i in checker.positions])
            rows = [None if row is None else [{"path": p, "code": c, "value": v} for p, c, v in row] for row in found]
            yield pyarrow.RecordBatch.from_arrays(
                list(batch.columns) + [pyarrow.array(rows, type=violation_type),
                                       pyarrow.array(reasons, type=pyarrow.string())],
                names=list(batch.schema.names) + ["violations", "unreadable"])

    return frame.mapInArrow(run, schema)


def _merged(parts: Sequence[Any], name: str) -> Dict[str, Any]:
    tally = Tally()
    for part in parts:
        tally.merge(Tally.from_state(json.loads(part[0])))
    return tally.summary(name)


def summarize(checked: Any, name: str) -> Dict[str, Any]:
    """The counts of a frame `validate` returned, shaped as `rulecheck audit --format json`'s: each
    partition is counted on its executor, and the partitions' counts merged here."""

    def count(batches: Iterable[Any]) -> Iterator[Any]:
        pyarrow = import_module("pyarrow")
        tally = Tally()
        for batch in batches:
            rows = batch.column(0).to_pylist()
            for row, reason in zip(rows, batch.column(1).to_pylist()):
                tally.count(None if row is None else [(v["path"], v["code"]) for v in row], reason)
        yield pyarrow.RecordBatch.from_arrays([pyarrow.array([json.dumps(tally.to_state())])], names=["tally"])

    parts = checked.select("violations", "unreadable").mapInArrow(count, "tally string").collect()
    return _merged(parts, name)


def audit(frame: Any, rules: Rules, name: str, *, today: Union[str, datetime.date, None] = None) -> Dict[str, Any]:
    """The counts alone, in one pass: each partition validated and counted on its executor, the
    partitions' counts merged here; shaped as `rulecheck audit --format json`'s. Raises
    ColumnsError at once when a field of the model has no column."""
    make = _checker_for(frame, rules, name, today)

    def count(batches: Iterable[Any]) -> Iterator[Any]:
        pyarrow = import_module("pyarrow")
        checker = make()
        tally = Tally()
        for batch in batches:
            found, reasons = checker.check_columns([_cells(batch.column(i)) for i in checker.positions])
            for row, reason in zip(found, reasons):
                tally.count(None if row is None else [(path, code) for path, code, _ in row], reason)
        yield pyarrow.RecordBatch.from_arrays([pyarrow.array([json.dumps(tally.to_state())])], names=["tally"])

    return _merged(frame.mapInArrow(count, "tally string").collect(), name)
