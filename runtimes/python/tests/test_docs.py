"""docs/python.md's examples run, and every output they show is what the package gives: each
expression followed by a comment (`result.valid    # True`, or comment lines under it) is
evaluated and compared with the comment, read as a Python literal, as JSON text, or as
`module.Error: message` for an exception. A block whose outputs drift fails here."""

from __future__ import annotations

import ast
import importlib.util
import pathlib
import re
import sys
from typing import Any, Dict, List, Tuple

import pytest

from audit_fixture import REQUIRED
from fixture_paths import FIXTURES, ROOT
from generated_models import GENERATED

DOC = ROOT / "docs" / "python.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def statements(block: str) -> List[Tuple[str, List[str]]]:
    """Each statement of `block` with the comment lines that show its output (its own line's
    comment, then the comment lines under it)."""
    lines = block.splitlines()
    out: List[Tuple[str, List[str]]] = []
    index = 0
    while index < len(lines):
        if not lines[index].strip() or lines[index].lstrip().startswith("#"):
            index += 1
            continue
        end = index
        while True:
            text = "\n".join(lines[index:end + 1])
            try:
                ast.parse(text)
            except SyntaxError:
                end += 1
                if end >= len(lines):
                    raise
                continue
            # NB: a statement goes on while the lines after it are indented (a def's body).
            if end + 1 < len(lines) and lines[end + 1][:1] in (" ", "\t") and lines[end + 1].strip() \
                    and not lines[end + 1].lstrip().startswith("#"):
                end += 1
                continue
            break
        comments: List[str] = []
        last = lines[end]
        code, _, comment = last.partition("  # ")
        if comment and len(ast.parse(text).body) == 1 and isinstance(ast.parse(text).body[0], ast.Expr):
            comments.append(comment)
        end += 1
        while end < len(lines) and lines[end].lstrip().startswith("#") and (comments or lines[end].startswith("#")):
            comments.append(lines[end].lstrip()[1:].strip())
            end += 1
        out.append(("\n".join(lines[index:end]), comments))
        index = end
    return out


def expected_value(comments: List[str], value: Any) -> Any:
    if isinstance(value, str) and comments[0].startswith("{"):
        return "".join(comments)
    text = " ".join(comments)
    text = re.split(r"\s{2,}\(", text)[0]  # NB: `# 20, 'count'  (Decimal for 'number')`: the note is prose.
    return ast.literal_eval(text)


def run_blocks() -> List[Tuple[str, str, Any, Any]]:
    """Each shown output: the statement, the comment, what the package gave, what the doc says."""
    namespace: Dict[str, Any] = {"__name__": "__main__"}
    checked: List[Tuple[str, str, Any, Any]] = []
    sys.path.insert(0, str(GENERATED / "seed"))
    try:
        for block in BLOCKS:
            # NB: pandas is an extra; its block runs where it is installed (in CI, always).
            if "import pandas" in block and importlib.util.find_spec("pandas") is None and not REQUIRED:
                continue
            block = block.replace('"rules.schema.json"', repr(str(FIXTURES / "seed.schema.json")))
            block = block.replace('"cards.schema.json"', repr(str(FIXTURES / "cards.schema.json")))
            for statement, comments in statements(block):
                tree = ast.parse(statement)
                is_expression = len(tree.body) == 1 and isinstance(tree.body[0], ast.Expr)
                if not comments or not is_expression:
                    exec(compile(tree, str(DOC), "exec"), namespace)
                    continue
                try:
                    value = eval(compile(ast.Expression(tree.body[0].value), str(DOC), "eval"), namespace)
                except Exception as error:  # the doc shows an exception: `# rulecheck_runtime.JSONReadError: 1:18: …`
                    shown = f"{type(error).__module__.split('.')[0]}.{type(error).__name__}: {error}"
                    checked.append((statement, " ".join(comments), shown, " ".join(comments)))
                    continue
                if value is None and comments != ["None"]:
                    continue  # NB: a call for its effect (`check.install(app)  # …`): its comment is prose.
                checked.append((statement, " ".join(comments), value, expected_value(comments, value)))
    finally:
        sys.path.remove(str(GENERATED / "seed"))
    return checked


def test_the_docs_have_outputs_to_check() -> None:
    assert len(run_blocks()) >= 15


@pytest.mark.parametrize("statement, comment, value, expected", run_blocks(), ids=lambda x: str(x)[:40])
def test_each_output_the_docs_show_is_the_packages(statement: str, comment: str, value: Any, expected: Any) -> None:
    assert value == expected, f"{statement}\n  shows  {comment}\n  gives  {value!r}"
