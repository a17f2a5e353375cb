"""rulecheck_runtime.spark under Spark Connect (a local Connect server, `remote("local[2]")`), which has no
SparkContext and so no broadcast: the export travels in each task's function, and the counts are
`rulecheck audit`'s on the same file, as in classic Spark."""

from __future__ import annotations

import os
from typing import Any, Iterator

import pytest

import audit_fixture
from fixture_paths import SOURCE
from rulecheck_runtime import Rules

pytestmark = pytest.mark.spark
pyspark = audit_fixture.need("pyspark", "spark")
pyarrow = audit_fixture.need("pyarrow", "spark")
audit_fixture.need("grpc", "spark-connect")
from rulecheck_runtime import spark as rulespark  # noqa: E402


@pytest.fixture(scope="module")
def session() -> Iterator[Any]:
    audit_fixture.need_command()
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SOURCE), os.environ.get("PYTHONPATH")]))
    from pyspark.sql import SparkSession

    # NB: a local Connect server starts before the builder's settings reach it; only SQL ones apply.
    spark = (SparkSession.builder.remote("local[2]").appName("rulecheck-connect-test")
             .config("spark.sql.shuffle.partitions", "2").getOrCreate())
    assert getattr(spark, "sparkContext", None) is None  # Spark Connect: no SparkContext, no broadcast
    yield spark
    spark.stop()


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Rules:
    return Rules.load(audit_fixture.export(audit_fixture.need_command(), tmp_path_factory.mktemp("export")))


def test_the_counts_are_rulecheck_audits_without_a_broadcast(session: Any, rules: Rules) -> None:
    header, rows = audit_fixture.csv_cells(audit_fixture.RECORDS)
    # NB: valid UTF-8 rows only: a Connect client sends local rows as Arrow, which checks the text.
    readable = [row for row in rows if all(cell.encode("utf-8", "surrogateescape") == cell.encode("utf-8", "replace")
                                           for cell in row)]
    assert len(readable) == len(rows) - 1
    frame = session.createDataFrame(readable, ", ".join(f"`{name}` string" for name in header)).repartition(2)
    expected = audit_fixture.audit(audit_fixture.need_command(), audit_fixture.RECORDS, "Record")
    summary = rulespark.audit(frame, rules, "Record")
    assert summary["records"] == expected["records"] - 1 and summary["unreadable"] == 0
    for key in ("valid", "invalid", "codes", "paths", "pathCodes"):
        assert summary[key] == expected[key], key
    checked = rulespark.validate(frame, rules, "Record")
    assert rulespark.summarize(checked, "Record") == summary


def test_a_field_without_a_column_fails_before_any_job(session: Any, rules: Rules) -> None:
    frame = session.createDataFrame([("a", 1)], "title string, count bigint")
    with pytest.raises(rulespark.ColumnsError, match="no columns 'price', 'done', 'due' for the fields"):
        rulespark.audit(frame, rules, "Record")
