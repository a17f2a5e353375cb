import RuleAudit
import Testing

@Suite struct CSVRowTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let text: String
        let cells: [String]
        var testDescription: String { text.debugDescription }
    }

    @Test(
        "cells of a record",
        arguments: [
            Row(text: "a,b,c", cells: ["a", "b", "c"]),
            Row(text: "", cells: [""]),
            Row(text: ",", cells: ["", ""]),
            Row(text: "a,,c", cells: ["a", "", "c"]),
            Row(text: "\"a,b\",c", cells: ["a,b", "c"]),
            Row(text: "\"say \"\"hi\"\"\",x", cells: ["say \"hi\"", "x"]),
            Row(text: "\"line\none\",2", cells: ["line\none", "2"]),
            Row(text: "\"\",x", cells: ["", "x"]),
            Row(text: " a , b ", cells: [" a ", " b "]),
            Row(text: "ユーザー,é", cells: ["ユーザー", "é"]),
        ])
    func cells(_ row: Row) throws {
        #expect(try CSVRow.cells(Array(row.text.utf8)) == row.cells)
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        let bytes: [UInt8]
        let message: String
        let offset: Int
        var testDescription: String { message }
    }

    @Test(
        "records that are not CSV, with the byte where they go wrong",
        arguments: [
            Bad(bytes: Array("a,\"b".utf8), message: "a quoted cell is never closed", offset: 2),
            Bad(bytes: Array("a,b\"c".utf8), message: "a quote inside an unquoted cell", offset: 3),
            Bad(bytes: Array("\"a\"b,c".utf8), message: "text after the closing quote of a cell", offset: 3),
            Bad(bytes: [UInt8(ascii: "a"), UInt8(ascii: ","), 0x61, 0xFF], message: "invalid UTF-8", offset: 3),
            Bad(bytes: [0x22, 0xC3, 0x22], message: "invalid UTF-8", offset: 1),
        ])
    func problems(_ bad: Bad) {
        #expect {
            try CSVRow.cells(bad.bytes)
        } throws: { error in
            guard let problem = error as? CSVRow.Problem else { return false }
            return problem.message.hasPrefix(bad.message) && problem.offset == bad.offset
        }
    }
}
