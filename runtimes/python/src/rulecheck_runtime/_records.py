"""Rows of a table validated as records of a model, and their counts as `rulecheck audit` keeps them
(docs/python.md, "DataFrames"). Pure Python: the pandas and Spark modules hand it their cells."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from ._api import Rules, _context
from ._core import _SURROGATE, NOW, Context

# Why a row is not a record: a cell that is not UTF-8 text. `rulecheck audit` names the CSV line
# such a cell comes from `notCSV` ("bad quotes or invalid UTF-8"), and so does a row.
NOT_TEXT = "notCSV"

# One violation in the violations column: its dotted path, its code and the value it echoes (None
# when sensitive or when it echoes none).
Found = Tuple[str, str, Optional[str]]


class ColumnsError(ValueError):
    """The table cannot be audited as the model: a field without a column, or a type's table
    without exactly one column. The message is `rulecheck audit`'s for a CSV header."""


class NotText(Exception):
    """A cell that is not UTF-8 text."""


def _text(value: str) -> Optional[str]:
    if not value:
        return None
    if not value.isascii() and _SURROGATE.search(value):
        raise NotText
    return value


def cell(value: Any) -> Any:
    """A cell as the validator reads it: text as a CSV cell (an empty one is absent), None and NaN
    absent, a number or a boolean as the JSON value of its kind, a date as its ISO text, a list or
    a mapping item by item. Raises NotText for bytes that are not UTF-8 or a str with lone surrogates."""
    kind = value.__class__
    if kind is str:
        return _text(value)
    if value is None:
        return None
    if kind is int or kind is bool or kind is Decimal:
        return value
    if kind is float:
        return None if value != value else value
    if isinstance(value, str):
        return _text(str(value))
    if isinstance(value, (bytes, bytearray, memoryview)):
        try:
            return _text(bytes(value).decode("utf-8"))
        except UnicodeDecodeError:
            raise NotText from None
    if isinstance(value, dict):
        return {key: cell(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [cell(item) for item in value]
    tolist = getattr(value, "tolist", None)
    if tolist is not None:  # a numpy scalar or array
        return cell(tolist())
    if kind.__name__ == "NAType":  # pandas.NA, whose comparisons have no truth
        return None
    try:
        if value != value:  # NaT
            return None
    except Exception:  # NB: a cell of any class, compared however it likes, is still read
        pass
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None and value.time() == datetime.time():
            return value.date().isoformat()
        return value.isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    return value


class RecordChecker:
    """Validates rows whose cells line up with `columns` as records of the model (or values of
    the type) `name`. Raises ColumnsError when a field of the model has no column."""

    def __init__(self, rules: Rules, name: str, columns: Sequence[Any], *,
                 today: Union[str, datetime.date, None] = None) -> None:
        self.name = name
        self._run = rules._run(name)
        self._context: Context = NOW if today is None else _context(rules._contexts, today, None)
        names = [str(column) for column in columns]
        shown = ", ".join(f"'{column}'" for column in names)
        if rules.is_model(name):
            fields: List[str] = [field["name"] for field in rules._definition(name)["x-rulecheck-fields"]]
            missing = [field for field in fields if field not in names]
            if missing:
                listed = ", ".join(f"'{field}'" for field in missing)
                noun, plural = ("column", "") if len(missing) == 1 else ("columns", "s")
                raise ColumnsError(f"no {noun} {listed} for the field{plural} of model '{name}'; "
                                   f"the header has {shown}")
            # NB: of two columns of one name, the last fills the field, as in a CSV header.
            self.positions = [len(names) - 1 - names[::-1].index(field) for field in fields]
            self.fields: Optional[List[str]] = fields
        else:
            if len(names) != 1:
                raise ColumnsError(f"a table audited as type '{name}' has one column; the header has {len(names)}")
            self.positions = [0]
            self.fields = None

    def check(self, cells: Sequence[Any]) -> Tuple[Optional[List[Found]], Optional[str]]:
        """A row's violations (an empty list when it is valid), or None and why it is not a record."""
        try:
            if self.fields is None:
                value: Any = cell(cells[0])
            else:
                value = {field: cell(item) for field, item in zip(self.fields, cells)}
        except NotText:
            return None, NOT_TEXT
        _, _, violations = self._run(value, False, self._context)
        if violations is None:
            return [], None
        return [(".".join(violation.path), violation.code, violation.value) for violation in violations], None

    def check_columns(self, columns: Sequence[Sequence[Any]]) -> Tuple[List[Optional[List[Found]]], List[Optional[str]]]:
        """Each row of `columns` (one list per field, in the order of `positions`), checked."""
        found: List[Optional[List[Found]]] = []
        reasons: List[Optional[str]] = []
        check = self.check
        for row in zip(*columns):
            violations, reason = check(row)
            found.append(violations)
            reasons.append(reason)
        return found, reasons


class Tally:
    """The counts of `rulecheck audit --format json`: records, valid, invalid, unreadable, and the
    records with each code, path and path's code, and the unreadable rows by reason. Tallies of
    parts merge, in any order, into the tally of the whole."""

    __slots__ = ("records", "valid", "invalid", "unreadable", "codes", "paths", "path_codes", "reasons")

    def __init__(self) -> None:
        self.records = 0
        self.valid = 0
        self.invalid = 0
        self.unreadable = 0
        self.codes: Dict[str, int] = {}
        self.paths: Dict[str, int] = {}
        self.path_codes: Dict[str, Dict[str, int]] = {}
        self.reasons: Dict[str, int] = {}

    def count(self, violations: Optional[Iterable[Tuple[str, str]]], reason: Optional[str]) -> None:
        """Counts one row: its (path, code) pairs, or why it is not a record."""
        self.records += 1
        if reason is not None:
            self.unreadable += 1
            self.reasons[reason] = self.reasons.get(reason, 0) + 1
            return
        pairs = set(violations or ())
        if not pairs:
            self.valid += 1
            return
        self.invalid += 1
        for code in {code for _, code in pairs}:
            self.codes[code] = self.codes.get(code, 0) + 1
        for path in {path for path, _ in pairs}:
            self.paths[path] = self.paths.get(path, 0) + 1
        for path, code in pairs:
            counts = self.path_codes.setdefault(path, {})
            counts[code] = counts.get(code, 0) + 1

    def merge(self, other: "Tally") -> None:
        self.records += other.records
        self.valid += other.valid
        self.invalid += other.invalid
        self.unreadable += other.unreadable
        _add(self.codes, other.codes)
        _add(self.paths, other.paths)
        _add(self.reasons, other.reasons)
        for path, counts in other.path_codes.items():
            _add(self.path_codes.setdefault(path, {}), counts)

    def summary(self, subject: str) -> Dict[str, Any]:
        """The report, shaped as `rulecheck audit --format json`'s counts, keys sorted inside each map."""
        return {
            "subject": subject, "records": self.records, "valid": self.valid, "invalid": self.invalid,
            "unreadable": self.unreadable, "codes": _sorted(self.codes), "paths": _sorted(self.paths),
            "pathCodes": {path: _sorted(self.path_codes[path]) for path in sorted(self.path_codes)},
            "unreadableReasons": _sorted(self.reasons),
        }

    def to_state(self) -> List[Any]:
        """The tally as plain JSON-able data, to send from a worker."""
        return [self.records, self.valid, self.invalid, self.unreadable, self.codes, self.paths, self.path_codes,
                self.reasons]

    @classmethod
    def from_state(cls, state: Sequence[Any]) -> "Tally":
        tally = cls()
        (tally.records, tally.valid, tally.invalid, tally.unreadable, tally.codes, tally.paths, tally.path_codes,
         tally.reasons) = state
        return tally


def _add(into: Dict[str, int], counts: Dict[str, int]) -> None:
    for key, count in counts.items():
        into[key] = into.get(key, 0) + count


def _sorted(counts: Dict[str, int]) -> Dict[str, int]:
    return {key: counts[key] for key in sorted(counts)}
