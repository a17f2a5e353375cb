"""rulecheck_runtime.dataframe: a pandas DataFrame validated as records of a model counts what `rulecheck
audit` counts on the CSV file it was read from, and bad cells are counted, never a crash."""

from __future__ import annotations

import datetime
import math
import pathlib
import subprocess
import sys
from decimal import Decimal
from typing import Any, Dict, List

import pytest

import audit_fixture
from fixture_paths import SOURCE
from rulecheck_runtime import Rules

pandas = audit_fixture.need("pandas", "pandas")
from rulecheck_runtime._records import NotText, cell  # noqa: E402
from rulecheck_runtime.dataframe import ColumnsError, audit  # noqa: E402


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Rules:
    return Rules.load(audit_fixture.export(audit_fixture.need_command(), tmp_path_factory.mktemp("export")))


def frame_of(path: pathlib.Path) -> Any:
    header, rows = audit_fixture.csv_cells(path)
    return pandas.DataFrame(rows, columns=header, dtype=object)


def test_the_counts_are_rulecheck_audits_on_the_same_file(rules: Rules) -> None:
    expected = audit_fixture.audit(audit_fixture.need_command(), audit_fixture.RECORDS, "Record")
    found = audit(frame_of(audit_fixture.RECORDS), rules, "Record")
    assert found.summary == expected
    # The fixture holds each kind of row: valid, invalid, and one not UTF-8.
    assert expected["valid"] > 0 and expected["invalid"] > 0 and expected["unreadableReasons"] == {"notCSV": 1}


def test_the_frame_pandas_reads_from_the_file_gives_the_same_counts(rules: Rules) -> None:
    # docs/python.md's recipe: every cell text, none guessed missing, bytes that are not UTF-8 kept.
    frame = pandas.read_csv(audit_fixture.RECORDS, dtype=object, keep_default_na=False,
                            encoding_errors="surrogateescape")
    expected = audit_fixture.audit(audit_fixture.need_command(), audit_fixture.RECORDS, "Record")
    assert audit(frame, rules, "Record").summary == expected


def test_the_columns_line_up_with_the_rows(rules: Rules) -> None:
    frame = frame_of(audit_fixture.RECORDS)
    found = audit(frame, rules, "Record")
    assert list(found.violations.index) == list(frame.index)
    by_title = dict(zip(frame["title"], found.violations))
    assert by_title["Buy milk"] == []
    assert by_title["Count is text"] == [{"path": "count", "code": "invalidFormat", "value": "abc"}]
    assert by_title["Too early"] == [{"path": "due", "code": "tooEarly", "value": "2025-12-31"}]
    bad = frame["title"].str.startswith("Invalid")
    assert list(found.unreadable[bad]) == ["notCSV"] and list(found.violations[bad]) == [None]
    assert int(found.invalid.sum()) == found.summary["invalid"] + found.summary["unreadable"]


def test_sensitive_values_are_never_shown(rules: Rules) -> None:
    found = audit(pandas.DataFrame({"title": ["a"], "pin": ["123456"]}), rules, "Locked")
    assert list(found.violations) == [[{"path": "pin", "code": "tooLong", "value": None}]]


@pytest.mark.parametrize("column, cell, expected", [
    # Missing values are absent: valid for the optional due date, `required` for the count.
    ("due", None, []),
    ("due", float("nan"), []),
    ("due", "", []),
    ("count", None, [("count", "required")]),
    ("count", math.nan, [("count", "required")]),
    ("count", "", [("count", "required")]),
    # Typed cells are read as JSON values of their kind.
    ("count", 42, []),
    ("count", 1001, [("count", "tooLarge")]),
    ("count", 1.5, [("count", "invalidFormat")]),
    ("count", True, [("count", "invalidFormat")]),
    ("price", Decimal("-0.01"), [("price", "tooSmall")]),
    ("done", False, []),
    ("done", 1, [("done", "invalidFormat")]),
    ("due", datetime.date(2026, 1, 1), []),
    ("due", datetime.date(2025, 12, 31), [("due", "tooEarly")]),
    ("due", datetime.datetime(2026, 1, 1, 12, 30), [("due", "invalidFormat")]),
    # Wrong kinds: a list or a mapping where text is expected.
    ("title", ["a", "b"], [("title", "invalidFormat")]),
    ("title", {"a": 1}, [("title", "invalidFormat")]),
    # Bytes are UTF-8 text.
    ("title", "Caf\u00e9".encode(), []),
])
def test_a_cell_is_read_by_its_fields_type(rules: Rules, column: str, cell: Any, expected: List[Any]) -> None:
    row: Dict[str, Any] = {"title": "t", "count": "1", "price": "1", "done": "true", "due": "2026-01-01"}
    row[column] = cell
    frame = pandas.DataFrame({name: pandas.Series([value], dtype=object) for name, value in row.items()})
    found = audit(frame, rules, "Record")
    assert [(v["path"], v["code"]) for v in found.violations[0]] == expected
    assert found.summary["invalid"] == (1 if expected else 0)


@pytest.mark.parametrize("cell", [b"caf\xe9", "caf\udce9"])
def test_a_cell_that_is_not_utf8_makes_the_row_unreadable(rules: Rules, cell: Any) -> None:
    frame = pandas.DataFrame({"title": pandas.Series([cell, "fine"], dtype=object), "count": [1, 2],
                              "price": ["1", "2"], "done": [True, False], "due": [None, None]})
    found = audit(frame, rules, "Record")
    assert found.summary["records"] == 2 and found.summary["valid"] == 1
    assert found.summary["unreadableReasons"] == {"notCSV": 1}
    assert list(found.unreadable) == ["notCSV", None]


def test_typed_and_nullable_columns(rules: Rules) -> None:
    frame = pandas.DataFrame({
        "title": ["a", "b", "c"],
        "count": pandas.array([1, None, 3], dtype="Int64"),
        "price": [1.5, float("nan"), 2.0],
        "done": [True, False, True],
        "due": pandas.to_datetime(["2026-01-01", None, "2025-01-01"]),
    })
    found = audit(frame, rules, "Record")
    assert [[(v["path"], v["code"]) for v in row] for row in found.violations] == [
        [], [("count", "required"), ("price", "required")], [("due", "tooEarly")]]


def test_a_field_without_a_column_is_an_error_naming_it(rules: Rules) -> None:
    frame = pandas.DataFrame({"title": ["a"], "count": [1], "extra": [0]})
    with pytest.raises(ColumnsError) as error:
        audit(frame, rules, "Record")
    assert str(error.value) == ("no columns 'price', 'done', 'due' for the fields of model 'Record'; "
                                "the header has 'title', 'count', 'extra'")


def test_a_type_audits_the_one_column(rules: Rules) -> None:
    found = audit(pandas.DataFrame({"value": ["12", "x", None]}), rules, "Count")
    assert found.summary["codes"] == {"invalidFormat": 1, "required": 1}
    assert found.summary["paths"] == {"": 2}
    with pytest.raises(ColumnsError):
        audit(pandas.DataFrame({"a": [1], "b": [2]}), rules, "Count")


def test_an_empty_frame_counts_nothing(rules: Rules) -> None:
    frame = pandas.DataFrame({name: [] for name in ("title", "count", "price", "done", "due")})
    assert audit(frame, rules, "Record").summary["records"] == 0


def test_importing_rulecheck_runtime_imports_neither_pandas_nor_spark() -> None:
    code = ("import sys, rulecheck_runtime, rulecheck_runtime.dataframe, rulecheck_runtime.spark; "
            "print(sorted(m for m in ('pandas', 'pyspark', 'pyarrow', 'numpy') if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONPATH": str(SOURCE)})
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def test_arrow_cells_holding_invalid_utf8_are_read_as_bytes_that_make_the_row_unreadable() -> None:
    pyarrow = audit_fixture.need("pyarrow", "spark")
    from rulecheck_runtime.spark import _cells

    data = [b"ok", b"bad\xff", b""]
    offsets = pyarrow.array([0, 2, 6, 6], type=pyarrow.int32()).buffers()[1]
    strings = pyarrow.StringArray.from_buffers(3, offsets, pyarrow.py_buffer(b"".join(data)))
    assert _cells(strings) == data
    lists = pyarrow.ListArray.from_arrays(pyarrow.array([0, 1, 3], type=pyarrow.int32()), strings)
    found = _cells(lists)
    assert found[0] == ["ok"] and isinstance(found[1], bytes)
    with pytest.raises(NotText):
        cell(found[1])


class _Scalar:
    def __init__(self, value: Any) -> None:
        self.value = value

    def as_py(self) -> Any:
        if isinstance(self.value, Exception):
            raise self.value
        return self.value


class _Column:
    """An Arrow column of a type Arrow cannot convert as a whole, nor one of its cells."""

    type = "interval"

    def __init__(self, values: List[Any]) -> None:
        self.values = values

    def to_pylist(self) -> List[Any]:
        raise NotImplementedError("no conversion")

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, index: int) -> _Scalar:
        return _Scalar(self.values[index])


def test_a_cell_arrow_cannot_convert_is_invalid_format_never_a_failed_task(rules: Rules) -> None:
    from rulecheck_runtime.spark import _cells

    found = _cells(_Column(["ok", NotImplementedError("no"), UnicodeDecodeError("utf-8", b"\xff", 0, 1, "x")]))
    assert found[0] == "ok" and str(found[1]) == "<interval>" and found[2] == b"\xff"
    frame = pandas.DataFrame({"title": pandas.Series(found, dtype=object), "count": [1, 1, 1], "price": ["1"] * 3,
                              "done": [True] * 3, "due": [None] * 3})
    result = audit(frame, rules, "Record")
    assert list(result.unreadable) == [None, None, "notCSV"]
    assert list(result.violations)[:2] == [[], [{"path": "title", "code": "invalidFormat", "value": "<interval>"}]]
