"""Valid model values as the classes an application declares (`as_type=Order`): each class held to
the rules' model when it is named, at start-up, so that a mismatch is a clear error then and never a
500 on a request. `rulecheck generate python` writes classes that fit by construction."""

from __future__ import annotations

import dataclasses
import datetime
import sys
import typing
from decimal import Decimal
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Tuple

from ._core import RulesError

if typing.TYPE_CHECKING:  # pragma: no cover
    from ._api import Rules

# The Python class of each value type's valid values, as `ValidationResult.value` gives them.
_VALUE_CLASSES: Dict[str, type] = {"string": str, "integer": int, "decimal": Decimal, "date": datetime.date,
                                   "boolean": bool}
_NONE = type(None)


class ModelTypeError(RulesError, TypeError):
    """A class given as `as_type` that cannot hold the model's valid values: a field missing on one
    side, a type that does not fit, an optional field not annotated `Optional`. Raised when the
    dependency is made (at start-up), never on a request."""


Converter = Callable[[Any], Any]


def _strip_optional(annotation: Any) -> Tuple[Any, bool]:
    """The annotation without `Optional` (`X | None`), and whether it allowed None."""
    if _is_union(annotation):
        arguments = [argument for argument in typing.get_args(annotation) if argument is not _NONE]
        allows_none = len(arguments) < len(typing.get_args(annotation))
        if len(arguments) == 1:
            return arguments[0], allows_none
        return typing.Union[tuple(arguments)], allows_none
    return annotation, annotation is _NONE or annotation is Any or annotation is object


def _is_union(annotation: Any) -> bool:
    origin = typing.get_origin(annotation)
    if origin is typing.Union:
        return True
    if sys.version_info >= (3, 10):  # pragma: no cover - depends on the version
        import types

        return origin is types.UnionType
    return False


def _name(cls: Any) -> str:
    return f"{getattr(cls, '__module__', '?')}.{getattr(cls, '__qualname__', repr(cls))}"


def _is_typed_dict(cls: Any) -> bool:
    return isinstance(cls, type) and issubclass(cls, dict) and hasattr(cls, "__required_keys__")


def _is_pydantic(cls: Any) -> bool:
    return isinstance(cls, type) and hasattr(cls, "model_fields") and hasattr(cls, "model_validate")


def _class_fields(cls: Any, where: str) -> Dict[str, Tuple[Any, bool]]:
    """Each field of `cls` by attribute name: its annotation and whether it must be given."""
    try:
        hints = typing.get_type_hints(cls)
    except Exception as error:  # NB: a name the annotations use that cannot be resolved.
        raise ModelTypeError(f"{where}: the annotations of {_name(cls)} cannot be read: {error}") from None
    if dataclasses.is_dataclass(cls):
        return {field.name: (hints.get(field.name, Any),
                             field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING)
                for field in dataclasses.fields(cls) if field.init}
    if _is_typed_dict(cls):
        required: FrozenSet[str] = getattr(cls, "__required_keys__", frozenset())
        return {name: (annotation, name in required) for name, annotation in hints.items()}
    if _is_pydantic(cls):
        return {name: (info.annotation, info.is_required()) for name, info in cls.model_fields.items()}
    raise ModelTypeError(
        f"{where}: as_type must be a dataclass, a TypedDict or a pydantic model, not {_name(cls)}; "
        "`rulecheck generate python` writes dataclasses for the rules' models")


def converter(rules: "Rules", model: str, as_type: Any, where: Optional[str] = None) -> Converter:
    """A function from a valid value of `model` (its dict, as `ValidationResult.value` gives it) to
    `as_type`, after checking once that `as_type` can hold every valid value; ModelTypeError if not."""
    where = where or f"as_type={getattr(as_type, '__qualname__', as_type)!r} for model {model!r}"
    return _model_converter(rules, model, as_type, where)


def _model_converter(rules: "Rules", model: str, cls: Any, where: str) -> Converter:
    if not rules.is_model(model):
        raise ModelTypeError(f"{where}: {model!r} is a type of the rules, not a model; as_type is for models")
    definition = rules._definition(model)
    fields: List[Dict[str, Any]] = list(definition.get("x-rulecheck-fields", []))
    required = set(definition.get("required", []))
    declared = _class_fields(cls, where)
    renamed: Dict[str, str] = dict(getattr(cls, "__rulecheck_names__", {}) or {})
    attributes = {field["name"]: renamed.get(field["name"], field["name"]) for field in fields}
    known = set(attributes.values())
    for name, (_, must) in declared.items():
        if must and name not in known:
            raise ModelTypeError(f"{where}: {_name(cls)} has a field {name!r} that model {model!r} does not "
                                 f"declare; its fields are {', '.join(repr(f['name']) for f in fields)}")
    steps: List[Tuple[str, str, Converter]] = []
    for field in fields:
        key, attribute = field["name"], attributes[field["name"]]
        if attribute not in declared:
            raise ModelTypeError(f"{where}: {_name(cls)} has no field {attribute!r} for field {key!r} of "
                                 f"model {model!r}")
        annotation, allows_none = _strip_optional(declared[attribute][0])
        place = f"{where}: field {key!r} of {_name(cls)}"
        if key not in required and not allows_none:
            raise ModelTypeError(f"{place} is optional in the rules; annotate it Optional[...] (None when left out)")
        if "list" in field:
            convert = _list_converter(rules, field["type"], annotation, place)
        else:
            convert = _value_converter(rules, field["type"], annotation, place)
        steps.append((key, attribute, convert))
    build: Callable[..., Any] = cls

    def convert_model(value: Any) -> Any:
        if value is None:
            return None
        return build(**{attribute: None if (item := value.get(key)) is None else convert(item)
                        for key, attribute, convert in steps})

    return convert_model


def _identity(value: Any) -> Any:
    return value


def _list_converter(rules: "Rules", item_type: str, annotation: Any, place: str) -> Converter:
    if annotation is Any or annotation is object:
        return _identity
    origin = typing.get_origin(annotation) or annotation
    arguments = typing.get_args(annotation)
    if origin is tuple and len(arguments) == 2 and arguments[1] is Ellipsis:
        item = _value_converter(rules, item_type, arguments[0], place + "'s items")
        return lambda values: tuple(item(value) for value in values)
    import collections.abc

    if origin in (list, collections.abc.Sequence, collections.abc.Iterable, collections.abc.Collection):
        item = _value_converter(rules, item_type, arguments[0] if arguments else Any, place + "'s items")
        return _identity if item is _identity else (lambda values: [item(value) for value in values])
    raise ModelTypeError(f"{place} is a list of {item_type!r} in the rules; annotate it List[...], not {annotation!r}")


def _value_converter(rules: "Rules", type_name: str, annotation: Any, place: str) -> Converter:
    if annotation is Any or annotation is object:
        return _identity
    if rules.is_model(type_name):
        origin = typing.get_origin(annotation) or annotation
        if origin is dict or annotation is dict:
            return _identity
        return _model_converter(rules, type_name, annotation, place + f" (model {type_name!r})")
    value_type = rules._definition(type_name).get("x-rulecheck-type")
    expected = _VALUE_CLASSES.get(str(value_type))
    if expected is None:  # pragma: no cover - an export this version cannot read fails when loaded
        return _identity
    if typing.get_origin(annotation) is typing.Literal:
        wrong = [value for value in typing.get_args(annotation) if type(value) is not expected]
        if wrong:
            raise ModelTypeError(f"{place} is {value_type} ({type_name!r}) in the rules; "
                                 f"the Literal values {wrong!r} are not {expected.__name__}")
        return _identity
    if isinstance(annotation, type) and issubclass(expected, annotation) and not (
            annotation is int and expected is bool):
        return _identity
    # NB: NewType and aliases of the expected class (`TaskTitle = str`) reach here as the class itself.
    raise ModelTypeError(f"{place} is {value_type} ({type_name!r}) in the rules, whose values are "
                         f"{expected.__module__ + '.' if expected.__module__ != 'builtins' else ''}"
                         f"{expected.__qualname__}; it is annotated {annotation!r}")
