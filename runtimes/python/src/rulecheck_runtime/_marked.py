"""The classes that mark a built-in value (a str, a TimeoutError) as a kind of its own.

NB: a module of their own, which the mypyc build leaves as Python: mypyc compiles no subclass of
most built-in types (docs/performance.md, "mypyc").
"""

from __future__ import annotations


class Date(str):
    """A date value: its ISO text, which sorts as the dates do, marked as a date."""

    __slots__ = ()


class TextBound(str):
    """A text a value must start with, end with, or hold (or not): a bound of kind `text`."""

    __slots__ = ()


class PatternTimeoutError(TimeoutError):
    """Deprecated, never raised: patterns match in linear time, with no time limit."""
