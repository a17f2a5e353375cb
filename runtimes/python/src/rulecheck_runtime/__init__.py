"""rulecheck for Python: the rules of a `rulecheck export`, enforced as the Swift library enforces
them, with JSON bodies read as its reader reads them and RFC 9457 problem details written as it
writes them (docs/python.md).

>>> from rulecheck_runtime import Rules
>>> rules = Rules.load("rules.schema.json")
>>> result = rules.validate("SignUp", {"email": "taro@example.com", ...})
"""

from ._api import (
    DEFAULT_MAX_BODY_BYTES,
    ProblemDetails,
    Rules,
    UndeclaredServerCode,
    UnknownTypeError,
    Validator,
    negotiate_language,
)
from ._core import CHECKS, PATTERN_TIMEOUT, CustomCheck, RulesError, ValidationResult, Verdict, Violation
from ._json import JSONReadError
from ._marked import PatternTimeoutError
from ._patterns import PatternError
from ._typed import ModelTypeError
from ._unicode import VERSION as UNICODE_VERSION

__version__ = "0.1.0"

__all__ = [
    "CHECKS",
    "CustomCheck",
    "DEFAULT_MAX_BODY_BYTES",
    "JSONReadError",
    "ModelTypeError",
    "PATTERN_TIMEOUT",
    "PatternError",
    "PatternTimeoutError",
    "ProblemDetails",
    "Rules",
    "RulesError",
    "UNICODE_VERSION",
    "UndeclaredServerCode",
    "UnknownTypeError",
    "ValidationResult",
    "Validator",
    "Verdict",
    "Violation",
    "negotiate_language",
]
