import Testing

@testable import RuleCore

@Suite struct ScalarClassTests {
    @Test(#"\s is exactly the standard library's White_Space property"#)
    func whiteSpaceIsTheUnicodeProperty() {
        let differing = (0...0xFFFF).compactMap(Unicode.Scalar.init).filter {
            ScalarClass.whiteSpace.contains($0) != $0.properties.isWhitespace
        }
        #expect(differing.isEmpty)
    }

    @Test func joinedAndInvertedClassesKeepTheirMeaning() {
        let letterOrDigit = ScalarClass.union([ScalarClass(categories: GeneralCategorySet.named("L")!), .digits])
        #expect(letterOrDigit.contains("x") && letterOrDigit.contains("7") && !letterOrDigit.contains("-"))
        let neither = letterOrDigit.inverted()
        #expect(!neither.contains("x") && !neither.contains("7") && neither.contains("-"))
        #expect(neither.inverted().contains("x"))
    }

    @Test func rangesAreSortedAndMerged() {
        let merged = ScalarClass([0x61...0x63, 0x30...0x39, 0x64...0x66, 0x62...0x62])
        #expect(merged.ranges == [0x30...0x39, 0x61...0x66])
        #expect(ScalarClass.digits.inverted().ranges == [0...0x2F, 0x3A...0x10FFFF])
    }
}
