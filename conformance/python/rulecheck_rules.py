"""Validation by the x-rulecheck-* keywords of a schema that `rulecheck export` wrote.

The standard keywords of the schema are not read: they only approximate some rules, while the
x-rulecheck-* keywords describe every type and model completely (docs/export.md).
"""

import rulecheck_text as text
from rulecheck_patterns import compile_pattern

EMPTY_RECORD_TEXT = "{…}"
# A value longer than this never matches a pattern (DESIGN.md, "Patterns").
PATTERN_INPUT_LIMIT = 10_000
# {value} shows at most this many scalars, then "…"; a sensitive value shows as HIDDEN_VALUE.
ECHOED_SCALARS = 64
HIDDEN_VALUE = "***"


class Violation:
    def __init__(self, outcome, parameters, path=()):
        self.outcome = outcome
        self.parameters = parameters
        self.path = list(path)
        self.sensitive = False

    def message(self, language):
        """The outcome's template in `language`, falling back from `pt-BR` to `pt` to `en`,
        with {min}, {max} and {value} filled in; the code when there is no template at all."""
        templates = self.outcome["messages"]
        tag = language
        while tag not in templates:
            cut = max(tag.rfind("-"), tag.rfind("_"))
            if cut < 0:
                tag = "en"
                break
            tag = tag[:cut]
        template = templates.get(tag)
        if template is None:
            return self.outcome["code"]
        parameters = dict(self.parameters)
        if "value" in parameters:
            value = parameters["value"]
            if self.sensitive:
                parameters["value"] = HIDDEN_VALUE
            elif len(value) > ECHOED_SCALARS:
                parameters["value"] = value[:ECHOED_SCALARS] + "…"
        return fill(template, parameters)

    def json(self, language):
        return {"code": self.outcome["code"], "path": self.path, "message": self.message(language)}


def fill(template, parameters):
    """Replaces each {name} that has a parameter; any other {…} stays as written."""
    out, rest = [], template
    while True:
        open_at = rest.find("{")
        close_at = rest.find("}", open_at + 1) if open_at >= 0 else -1
        if open_at < 0 or close_at < 0:
            return "".join(out) + rest
        name = rest[open_at + 1 : close_at]
        out.append(rest[:open_at])
        out.append(parameters.get(name, rest[open_at : close_at + 1]))
        rest = rest[close_at + 1 :]


# Every check this implementation means exactly as the engine does (`required` is read from
# `x-rulecheck-required`, the others from `x-rulecheck-checks`); a schema with any other is refused
# when it is loaded. The engine's test CheckConsumerTests compares this set with its own checks.
CHECKS = frozenset(
    {"required", "length", "email", "uuid", "url", "pattern", "oneOf", "range", "notBefore", "notAfter"}
    | {"equal", "notEqual", "ascending", "requiredIf"}
)


class Rules:
    """Every definition of an exported schema (JSON Schema or OpenAPI), by name."""

    def __init__(self, document):
        if document.get("x-rulecheck-version") != 1:
            raise ValueError("not a schema exported by rulecheck (x-rulecheck-version 1)")
        self.definitions = document.get("$defs") or document["components"]["schemas"]
        self.patterns = {}
        for name, definition in self.definitions.items():
            for check in definition.get("x-rulecheck-checks", []):
                if check.get("check") not in CHECKS:
                    raise ValueError(f"{name}: check {check.get('check')!r} is not implemented here; update rulecheck_rules.py")

    def validate(self, name, value, today, optional=None):
        """(value, []) when valid, else (None, violations); `value` is None, a string or a dict."""
        definition = self.definitions[name]
        if definition["x-rulecheck-type"] == "model":
            return self.validate_model(definition, value, today, optional)
        return self.validate_type(definition, value, today, optional)

    def validate_type(self, definition, raw, today, optional):
        if optional is None:
            optional = definition.get("x-rulecheck-optional", False)
        required = definition["x-rulecheck-required"]
        if raw is None:
            return (None, []) if optional else (None, [Violation(required, {})])
        if isinstance(raw, dict):
            return None, [Violation(definition["x-rulecheck-format"], {"value": EMPTY_RECORD_TEXT})]
        normalized = text.normalize(raw, definition.get("x-rulecheck-normalize", []))
        if normalized == "":
            if optional:
                return None, []
            if required["rejectsEmpty"]:
                return None, [Violation(required, {"value": ""})]
        value_type = definition["x-rulecheck-type"]
        value = text.parse(normalized, value_type)
        if value is None:
            return None, [Violation(definition["x-rulecheck-format"], {"value": normalized})]
        violations = []
        first_pattern = True
        for check in definition.get("x-rulecheck-checks", []):
            # Patterns run last; past the limit, a value some other check reported gets no pattern
            # codes. Only the checks before the first pattern count: a value past the limit fails
            # every pattern, and gets every pattern's code when nothing else reported it.
            if check["check"] == "pattern" and first_pattern:
                first_pattern = False
                if violations and len(normalized) > PATTERN_INPUT_LIMIT:
                    break
            violations += self.run(check, normalized, value, today)
        if definition.get("x-rulecheck-sensitive", False):
            for violation in violations:
                violation.sensitive = True
        return (None, violations) if violations else (value, [])

    def run(self, check, normalized, value, today):
        kind, codes = check["check"], check["codes"]
        if kind == "length":
            count = text.length(normalized, check["unit"])
            found = []
            if "min" in check and count < check["min"]:
                found.append(Violation(codes["tooShort"], {"min": str(check["min"]), "value": normalized}))
            if "max" in check and count > check["max"]:
                found.append(Violation(codes["tooLong"], {"max": str(check["max"]), "value": normalized}))
            return found
        if kind == "email":
            return [] if text.is_email(normalized) else [Violation(codes["invalidEmail"], {"value": normalized})]
        if kind == "uuid":
            return [] if text.is_uuid(normalized) else [Violation(codes["invalidUUID"], {"value": normalized})]
        if kind == "url":
            ok = text.is_url(normalized, check["schemes"])
            return [] if ok else [Violation(codes["invalidURL"], {"value": normalized})]
        if kind == "pattern":
            source = check["regex"]
            if source not in self.patterns:
                self.patterns[source] = compile_pattern(source)
            short = len(normalized) <= PATTERN_INPUT_LIMIT
            matched = short and self.patterns[source].fullmatch(normalized) is not None
            return [] if matched else [Violation(codes["patternMismatch"], {"value": normalized})]
        if kind == "oneOf":
            if value.kind == "integer":
                allowed = {int(v) for v in check["values"] if text.INTEGER.fullmatch(v)}
                ok = value.content in allowed
            elif value.kind == "boolean":
                ok = ("true" if value.content else "false") in check["values"]
            else:
                ok = normalized in check["values"]
            return [] if ok else [Violation(codes["notAllowed"], {"value": normalized})]
        if kind == "range":
            number = text.decimal_number(str(value.content))
            shown = text.canonical_decimal(str(value.content))
            found = []
            if "min" in check and number < text.decimal_number(check["min"]):
                found.append(Violation(codes["tooSmall"], {"min": check["min"], "value": shown}))
            if "max" in check and number > text.decimal_number(check["max"]):
                found.append(Violation(codes["tooLarge"], {"max": check["max"], "value": shown}))
            return found
        if kind in ("notBefore", "notAfter"):
            limit = text.resolve_date_bound(check["date"], today)
            date = value.content
            if kind == "notBefore" and date < limit:
                return [Violation(codes["tooEarly"], {"min": limit, "value": date})]
            if kind == "notAfter" and date > limit:
                return [Violation(codes["tooLate"], {"max": limit, "value": date})]
            return []
        if kind == "ascending":
            if any(name not in values for name in names):
                return []
            ordered = [sortable(values[name]) for name in names]
            pairs = zip(ordered, ordered[1:])
            if all(a < b if check["strict"] else a <= b for a, b in pairs):
                return []
            return [Violation(codes["outOfOrder"], {"value": values[last].text()}, [last])]
        raise ValueError(f"unknown check {kind!r}")

    def validate_model(self, definition, raw, today, optional):
        if raw is None:
            return (None, []) if optional else (None, [Violation(definition["x-rulecheck-required"], {})])
        if not isinstance(raw, dict):
            return None, [Violation(definition["x-rulecheck-format"], {"value": raw})]
        values, violations, failed = {}, [], set()
        for field in definition["x-rulecheck-fields"]:
            name = field["name"]
            if "list" in field:
                value, found = self.validate_list(field, raw.get(name), today)
            else:
                value, found = self.validate(field["type"], raw.get(name), today, field.get("optional"))
                for violation in found:
                    violation.path.insert(0, name)
            if found:
                failed.add(name)
                violations += found
            elif value is not None:
                values[name] = value
        for check in definition.get("x-rulecheck-checks", []):
            violations += self.run_across(check, values, failed)
        sensitive = {field["name"] for field in definition["x-rulecheck-fields"] if self.is_sensitive(field)}
        for violation in violations:
            if violation.path and violation.path[0] in sensitive:
                violation.sensitive = True
        return (None, violations) if violations else (text.Value("record", values), [])

    def is_sensitive(self, field):
        """A field's `sensitive:`, else its type's (a model's fields are never sensitive as a whole)."""
        if "sensitive" in field:
            return field["sensitive"]
        return self.definitions[field["type"]].get("x-rulecheck-sensitive", False)

    def validate_list(self, field, raw, today):
        """A list field: each item by its type at `name.index`, then the counts and duplicates on `name`."""
        name, rule = field["name"], field["list"]
        codes = rule["codes"]
        if raw is None:
            return (None, []) if field.get("optional", False) else (None, [Violation(codes["required"], {}, [name])])
        if not isinstance(raw, list):
            shown = EMPTY_RECORD_TEXT if isinstance(raw, dict) else raw
            return None, [Violation(codes["invalidFormat"], {"value": shown}, [name])]
        values, violations = [], []
        for index, item in enumerate(raw):
            value, found = self.validate(field["type"], item, today)
            for violation in found:
                violation.path[:0] = [name, str(index)]
            violations += found
            if not found and value is not None:
                values.append(value)
        if "minItems" in rule and len(raw) < rule["minItems"]:
            violations.append(Violation(codes["tooFewItems"], {"min": str(rule["minItems"])}, [name]))
        if "maxItems" in rule and len(raw) > rule["maxItems"]:
            violations.append(Violation(codes["tooManyItems"], {"max": str(rule["maxItems"])}, [name]))
        if rule["unique"]:
            repeated = next((v for i, v in enumerate(values) if v in values[:i]), None)
            if repeated is not None:
                violations.append(Violation(codes["duplicateItem"], {"value": repeated.text()}, [name]))
        return (None, violations) if violations else (text.Value("list", values), [])

    def run_across(self, check, values, failed):
        """A check across the fields of a record: `values` holds the valid values, `failed` names the invalid fields."""
        kind, codes = check["check"], check["codes"]
        names = check["fields"] if "fields" in check else [check["field"], check["when"]]
        if any(name in failed for name in names):
            return []
        last = names[-1]
        if kind == "equal":
            first = values.get(names[0])
            if any(values.get(name) != first for name in names[1:]):
                shown = values[last].text() if last in values else ""
                return [Violation(codes["mismatch"], {"value": shown}, [last])]
            return []
        if kind == "notEqual":
            present = [values[name] for name in names if name in values]
            for index, value in enumerate(present):
                if value in present[:index]:
                    return [Violation(codes["mustDiffer"], {"value": value.text()}, [last])]
            return []
        if kind == "ascending":
            if any(name not in values for name in names):
                return []
            ordered = [sortable(values[name]) for name in names]
            pairs = zip(ordered, ordered[1:])
            if all(a < b if check["strict"] else a <= b for a, b in pairs):
                return []
            return [Violation(codes["outOfOrder"], {"value": values[last].text()}, [last])]
        if kind == "requiredIf":
            field, condition = check["field"], values.get(check["when"])
            if field in values or condition is None:
                return []
            if "equals" in check:
                holds = condition.kind != "record" and condition == text.parse(check["equals"], condition.kind)
            else:
                holds = condition != text.Value("boolean", False)
            return [Violation(codes["required"], {}, [field])] if holds else []
        raise ValueError(f"unknown check {kind!r}")


def sortable(value):
    """A number as an exact decimal, a date as its ISO text, which sorts as the dates do."""
    if value.kind in ("integer", "decimal"):
        return text.decimal_number(str(value.content))
    return value.content
