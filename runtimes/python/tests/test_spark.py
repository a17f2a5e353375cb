"""rulecheck_runtime.spark in Spark local mode (local[2], one session for the module): a Spark DataFrame
validated on the executors counts what `rulecheck audit` counts on the same CSV file, a string
column holding invalid UTF-8 included, and a field without a column fails before any job."""

from __future__ import annotations

import os
import pathlib
from typing import Any, Iterator, List

import pytest

import audit_fixture
from fixture_paths import SOURCE
from rulecheck_runtime import Rules

pytestmark = pytest.mark.spark
pyspark = audit_fixture.need("pyspark", "spark")
pyarrow = audit_fixture.need("pyarrow", "spark")
import pyarrow.parquet  # noqa: E402
from rulecheck_runtime import spark as rulespark  # noqa: E402


@pytest.fixture(scope="module")
def session() -> Iterator[Any]:
    audit_fixture.need_command()  # NB: before the session's start-up, which is the module's cost.
    # The Python workers import rulecheck_runtime from the source folder, as the driver does.
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SOURCE), os.environ.get("PYTHONPATH")]))
    from pyspark.sql import SparkSession

    spark = (SparkSession.builder.master("local[2]").appName("rulecheck-test")
             .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
             .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    yield spark
    spark.stop()


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Rules:
    return Rules.load(audit_fixture.export(audit_fixture.need_command(), tmp_path_factory.mktemp("export")))


def unchecked_strings(cells: List[str]) -> Any:
    """A string column holding each cell's bytes as the file holds them, invalid UTF-8 included:
    what Spark reads from a Parquet file that was written without checking its text."""
    data = [cell.encode("utf-8", "surrogateescape") for cell in cells]
    offsets = [0]
    for item in data:
        offsets.append(offsets[-1] + len(item))
    return pyarrow.StringArray.from_buffers(
        len(data), pyarrow.py_buffer(pyarrow.array(offsets, type=pyarrow.int32()).buffers()[1]),
        pyarrow.py_buffer(b"".join(data)))


@pytest.fixture(scope="module")
def records(session: Any, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """records.csv as a two-partition Spark DataFrame of string columns, cells as written."""
    header, rows = audit_fixture.csv_cells(audit_fixture.RECORDS)
    table = pyarrow.table([unchecked_strings([row[i] for row in rows]) for i in range(len(header))], names=header)
    path = tmp_path_factory.mktemp("parquet") / "records.parquet"
    pyarrow.parquet.write_table(table, str(path))
    return session.read.parquet(str(path)).repartition(2)


def test_the_counts_are_rulecheck_audits_on_the_same_file(records: Any, rules: Rules) -> None:
    expected = audit_fixture.audit(audit_fixture.need_command(), audit_fixture.RECORDS, "Record")
    assert expected["unreadableReasons"] == {"notCSV": 1} and expected["invalid"] > 0
    assert rulespark.audit(records, rules, "Record") == expected
    checked = rulespark.validate(records, rules, "Record").cache()
    assert rulespark.summarize(checked, "Record") == expected
    rows = checked.collect()
    checked.unpersist()
    by_count = {row["count"]: row for row in rows if row["title"].startswith("Count is")}
    assert [tuple(v) for v in by_count["abc"]["violations"]] == [("count", "invalidFormat", "abc")]
    assert [tuple(v) for v in by_count["1.5"]["violations"]] == [("count", "invalidFormat", "1.5")]
    assert [(row["violations"], row["unreadable"]) for row in rows if row["unreadable"]] == [(None, "notCSV")]


def test_typed_columns_and_nulls(session: Any, rules: Rules) -> None:
    import datetime
    from decimal import Decimal

    frame = session.createDataFrame(
        [("a", 1, Decimal("1.50"), True, datetime.date(2026, 1, 1)),
         ("b", None, None, False, None),
         ("c", 1001, Decimal("-1"), None, datetime.date(2025, 1, 1))],
        "title string, count bigint, price decimal(10,2), done boolean, due date")
    checked = sorted(rulespark.validate(frame, rules, "Record").collect(), key=lambda row: row["title"])
    assert [[(v["path"], v["code"]) for v in row["violations"]] for row in checked] == [
        [], [("count", "required"), ("price", "required")],
        [("count", "tooLarge"), ("price", "tooSmall"), ("done", "required"), ("due", "tooEarly")]]


def test_a_field_without_a_column_fails_before_any_job(session: Any, rules: Rules) -> None:
    frame = session.createDataFrame([("a", 1)], "title string, count bigint")
    with pytest.raises(rulespark.ColumnsError, match="no columns 'price', 'done', 'due' for the fields"):
        rulespark.validate(frame, rules, "Record")
    with pytest.raises(rulespark.ColumnsError):
        rulespark.audit(frame, rules, "Record")
