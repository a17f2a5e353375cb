import RuleCore

// What the differential test needs of generated types is what RuleCore's generated-code protocols
// declare, so that one generic function drives every type.

/// A generated value object.
typealias GeneratedValue = RuleCoreGeneratedCodeVersion1.ValueObject

/// A value object of a type that is not optional: text always gives a value or a violation.
typealias RequiredValue = RuleCoreGeneratedCodeVersion1.RequiredValueObject

/// A value object of an optional type: empty text gives no value.
typealias OptionalValue = RuleCoreGeneratedCodeVersion1.OptionalValueObject

/// A generated model.
typealias GeneratedModel = RuleCoreGeneratedCodeVersion1.Model
