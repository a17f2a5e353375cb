public import RuleCore

/// Records to try on a model: a base record valid on both sides where one can be built from the
/// valid values of the model's own field types (nested models' records built the same way), then
/// that record with fields left out or replaced.
extension CandidateSearch {
    /// The most records tried on a nested model's field, and the deepest nesting built.
    static let nestedRecords = 120
    static let nestedDepth = 3

    /// The model named `name` on each side, either one standing in for the other when absent.
    public func models(named name: String) -> (before: ModelRule, after: ModelRule)? {
        let before = old.models.first { $0.name == name }
        let after = new.models.first { $0.name == name }
        guard let either = before ?? after else { return nil }
        return (before ?? either, after ?? either)
    }

    /// Whether `value` is a valid value of `field` in `model` of `rules`: of its type or model, a
    /// list within its counts; a field the side does not declare takes anything (it is skipped).
    func isValid(_ value: ValidationInput, field name: String, of model: ModelRule?, onOld: Bool) -> Bool {
        guard let model, let field = model.fields.first(where: { $0.name == name }) else { return true }
        guard (onOld ? old : new).validator(named: field.typeName) != nil else { return false }
        guard let list = field.list else { return result(of: value, as: field.typeName, onOld: onOld)?.isValid == true }
        guard case .list(let items) = value else { return false }
        if let min = list.minItems, items.count < min { return false }
        if let max = list.maxItems, items.count > max { return false }
        if list.unique && Set(items).count != items.count { return false }
        return items.allSatisfy { result(of: $0, as: field.typeName, onOld: onOld)?.isValid == true }
    }

    /// Candidate values of a type (texts, absent first) or of a model (records, absent and empty
    /// first), from both sides' declarations.
    func values(of typeName: String, depth: Int) -> [ValidationInput] {
        if let (before, after) = models(named: typeName) {
            guard depth < Self.nestedDepth else { return [.absent, .record([:])] }
            let records = records(before, after, varying: [], depth: depth + 1)
            return [.absent, .record([:])] + records.prefix(Self.nestedRecords)
        }
        let types = [old, new].compactMap { rules in rules.types.first { $0.name == typeName } }
        // NB: a type NEW leaves alone has the same texts in every search that shares the memo.
        let texts =
            if let memo, unchangedTypes.contains(typeName) {
                memo.texts(of: typeName) { self.texts(for: types) }
            } else {
                self.texts(for: types)
            }
        return texts.map { $0.map(ValidationInput.text) ?? .absent }
    }

    /// The values to try for the field `name`: its type's or model's on each side (and `extra`),
    /// or lists of valid items at and around each side's counts, a repeated item, and each
    /// candidate alone.
    func pool(
        for name: String, _ before: ModelRule, _ after: ModelRule, depth: Int, extra: [ValidationInput] = []
    ) -> [ValidationInput] {
        let declared = [before, after].compactMap { model in model.fields.first { $0.name == name } }
        // NB: the values of the field's type on each side, so that a changed type shows both ways.
        var typeNames: [String] = []
        for field in declared where !typeNames.contains(field.typeName) { typeNames.append(field.typeName) }
        var seen: Set<ValidationInput> = []
        let values = (extra + typeNames.flatMap { self.values(of: $0, depth: depth) })
            .filter { seen.insert($0).inserted }
        let listed = declared.compactMap(\.list)
        guard !listed.isEmpty else { return values }
        let itemTypes = declared.filter { $0.list != nil }.map(\.typeName)
        let items = values.filter { value in
            value != .absent
                && itemTypes.contains { typeName in
                    [true, false].contains { onOld in result(of: value, as: typeName, onOld: onOld)?.isValid ?? false }
                }
        }
        // NB: items valid on both sides first, so that a list of the first few is valid where it can be.
        let both = items.filter { value in
            itemTypes.allSatisfy { typeName in
                [true, false].allSatisfy { onOld in result(of: value, as: typeName, onOld: onOld)?.isValid ?? true }
            }
        }
        let inBoth = Set(both)
        let oneSide = items.filter { !inBoth.contains($0) }
        let ordered = both + oneSide
        let counts = listed.flatMap { $0.boundaries.flatMap(\.counts) }
        var pool: [ValidationInput] = [.absent]
        for count in Set(counts + [0, 1, 2]).sorted() where count >= 0 {
            if ordered.count >= count {
                pool.append(.list(Array(ordered.prefix(count))))
            } else if let first = ordered.first {
                pool.append(.list(Array(repeating: first, count: count)))
            }
        }
        if let first = ordered.first { pool.append(.list([first, first])) }
        for value in both.prefix(20) + oneSide.prefix(40) + values.prefix(200) { pool.append(.list([value])) }
        return pool
    }

    /// Records that vary the model's fields around a base record valid on both sides where one
    /// can be built (else valid in OLD, else in NEW): each field given each candidate or left out,
    /// each pair left out and varied, and each pair of fields of one type given equal values.
    /// `touched` empty varies every field. With `limit`, only the first `limit` records of the
    /// same sequence are built (at most 20,000 at the top, 120 for a nested model).
    public func records(
        _ before: ModelRule, _ after: ModelRule, varying touched: Set<String>, depth: Int = 0, limit: Int? = nil
    ) -> [ValidationInput] {
        var fields: [String: [ValidationInput]] = [:]
        var order: [String] = []
        var names: [String: String] = [:]
        // NB: a value a check across fields names (`requiredIf`'s `equals`) is a candidate of its field.
        var extra: [String: [ValidationInput]] = [:]
        for check in before.checks + after.checks {
            for boundary in check.descriptor.boundaries {
                guard case .condition(_, let when, let equals?) = boundary else { continue }
                extra[when, default: []].append(.text(equals))
            }
        }
        for field in before.fields + after.fields where fields[field.name] == nil {
            order.append(field.name)
            names[field.name] = field.typeName
            fields[field.name] = pool(for: field.name, before, after, depth: depth, extra: extra[field.name] ?? [])
        }
        // NB: a field declared otherwise on the two sides, and not varied, is left as the base has
        // it, so that a witness shows the varied fields' change and not that field's.
        func declaration(_ model: ModelRule, _ name: String) -> String? {
            model.fields.first { $0.name == name }.map {
                "\($0.typeName) \(String(describing: $0.optional)) \(String(describing: $0.list))"
            }
        }
        let changed = Set(order.filter { declaration(before, $0) != declaration(after, $0) })
        func free(_ name: String) -> Bool { touched.isEmpty || touched.contains(name) || !changed.contains(name) }
        let base = baseRecord(before, after, order: order, pools: fields)
        var records: [ValidationInput] = [.record(base)]
        let limit = min(limit ?? Int.max, depth == 0 ? 20_000 : Self.nestedRecords)
        let varied = touched.isEmpty ? order : order.filter(touched.contains)
        // NB: each loop stops at the limit, so that a caller that tries the first few builds no more.
        for name in varied where records.count < limit {
            records.append(.record(base.filter { $0.key != name }))
        }
        for name in varied {
            for value in (fields[name] ?? []).prefix(depth == 0 ? Int.max : 12) where records.count < limit {
                var record = base
                record[name] = value
                records.append(.record(record))
            }
        }
        guard depth == 0 else { return Array(records.prefix(limit)) }
        for first in order {
            for second in order
            where second != first && (varied.contains(first) || varied.contains(second)) && free(first) && free(second)
            {
                for value in (fields[second] ?? []) where records.count < limit {
                    var record = base
                    record[first] = nil
                    record[second] = value
                    records.append(.record(record))
                }
                if names[first] == names[second] {
                    for value in (fields[first] ?? []) where records.count < limit {
                        var record = base
                        record[first] = value
                        record[second] = value
                        records.append(.record(record))
                    }
                }
            }
        }
        return Array(records.prefix(limit))
    }

    /// A record whose every field holds a valid value of its own where one is found, chosen so that
    /// the record is valid on both sides if some tried is (checks across fields decide), else in
    /// OLD, else in NEW.
    private func baseRecord(
        _ before: ModelRule, _ after: ModelRule, order: [String], pools: [String: [ValidationInput]]
    ) -> [String: ValidationInput] {
        var good: [String: [ValidationInput]] = [:]
        // NB: a value that validates to a value on some side: not absent, not blank text that an
        // optional type reads as none, not an empty list.
        func holdsValue(_ value: ValidationInput, _ name: String) -> Bool {
            switch value {
            case .absent: return false
            case .list(let items): return !items.isEmpty
            default:
                return zip([true, false], [before, after]).contains { onOld, model in
                    guard let field = model.fields.first(where: { $0.name == name }), field.list == nil,
                        case .valid(_?)? = result(of: value, as: field.typeName, onOld: onOld)
                    else { return false }
                    return true
                }
            }
        }
        for name in order {
            // NB: the first 16 valid on both sides, else on one; the pool is not validated further.
            var both: [ValidationInput] = []
            var one: [ValidationInput] = []
            for value in pools[name] ?? [] where both.count < 16 && holdsValue(value, name) {
                let (was, now) = (
                    isValid(value, field: name, of: before, onOld: true),
                    isValid(value, field: name, of: after, onOld: false)
                )
                if was && now {
                    both.append(value)
                } else if (was || now) && one.count < 16 {
                    one.append(value)
                }
            }
            good[name] = both.isEmpty ? one : both
        }
        // NB: the same index for every field (fields of one type equal), then shifted per field
        // (fields differ), so that `equal`, `notEqual` and `ascending` each find a record.
        var tries: [[String: ValidationInput]] = []
        for shift in [0, 1] {
            for start in 0..<8 {
                var record: [String: ValidationInput] = [:]
                for (index, name) in order.enumerated() {
                    guard let values = good[name], !values.isEmpty else { continue }
                    record[name] = values[min(start + shift * index, values.count - 1)]
                }
                tries.append(record)
            }
        }
        let oldValidator = old.validator(named: before.name)
        let newValidator = new.validator(named: after.name)
        func valid(_ validator: Validator?, _ record: [String: ValidationInput]) -> Bool {
            validator?.validate(.record(record), context: context).isValid ?? false
        }
        return tries.first { valid(oldValidator, $0) && valid(newValidator, $0) }
            ?? tries.first { valid(oldValidator, $0) } ?? tries.first { valid(newValidator, $0) } ?? tries[0]
    }
}
