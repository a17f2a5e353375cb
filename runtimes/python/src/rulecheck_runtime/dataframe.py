"""A pandas DataFrame validated row by row as records of a model, counted as `rulecheck audit`
counts a CSV file (docs/python.md, "DataFrames: pandas and Spark"). Needs `pip install rulecheck[pandas]`.

>>> from rulecheck_runtime import Rules
>>> from rulecheck_runtime.dataframe import audit
>>> found = audit(frame, Rules.load("rules.schema.json"), "ToDoTask")
>>> found.summary["invalid"], frame[found.invalid]
"""

from __future__ import annotations

import datetime
from importlib import import_module
from typing import Any, Dict, List, NamedTuple, Optional, Union

from ._api import Rules
from ._records import NOT_TEXT, ColumnsError, RecordChecker, Tally

__all__ = ["ColumnsError", "DataFrameAudit", "NOT_TEXT", "audit"]


class DataFrameAudit(NamedTuple):
    """What `audit` found, aligned with the frame's index.

    - `violations`: a Series holding, for each row, a list of `{"path", "code", "value"}` dicts
      (empty for a valid row; `value` None when sensitive), or None for a row that is not a record.
    - `unreadable`: a Series holding why a row is not a record (`"notCSV"`: a cell that is not
      UTF-8 text), else None.
    - `summary`: the counts, shaped as `rulecheck audit --format json`'s.
    """

    violations: Any
    unreadable: Any
    summary: Dict[str, Any]

    @property
    def invalid(self) -> Any:
        """A boolean Series: the rows the rules reject or that are not records."""
        return self.unreadable.notna() | self.violations.map(lambda found: bool(found))


def audit(frame: Any, rules: Rules, name: str, *, today: Union[str, datetime.date, None] = None) -> DataFrameAudit:
    """Validates each row of the pandas DataFrame `frame` as a record of the model `name` (a column
    per field, by name; other columns are skipped), or, for a type, the one column's cells as its
    values. A str cell is read as a CSV cell is: by its field's type, an empty one absent. A missing
    value (None, NaN, NaT, pandas.NA) is absent. Raises ColumnsError when a field has no column."""
    checker = RecordChecker(rules, name, list(frame.columns), today=today)
    columns = [frame.iloc[:, position].tolist() for position in checker.positions]
    found, reasons = checker.check_columns(columns)
    tally = Tally()
    violations: List[Optional[List[Dict[str, Optional[str]]]]] = []
    for row, reason in zip(found, reasons):
        if row is None:
            tally.count(None, reason)
            violations.append(None)
            continue
        tally.count([(path, code) for path, code, _ in row], None)
        violations.append([{"path": path, "code": code, "value": value} for path, code, value in row])
    pandas = import_module("pandas")
    index = frame.index
    return DataFrameAudit(pandas.Series(violations, index=index, dtype=object, name="violations"),
                          pandas.Series(reasons, index=index, dtype=object, name="unreadable"),
                          tally.summary(name))
