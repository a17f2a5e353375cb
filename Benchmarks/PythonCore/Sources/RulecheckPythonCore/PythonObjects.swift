import CPythonABI
import RuleCore

// The experiment of a binding that builds Python objects itself (docs/performance.md, "Python"):
// the verdict as a Python tuple made with CPython's stable ABI, with no answer line and no
// `json.loads`. Called through ctypes.PyDLL (the GIL held), its result typed `py_object`:
//   (1, value)          valid: a dict for a model, str, int, bool; decimals and dates as str
//   (0, problem bytes)  invalid or not JSON: RuleCore's problem details (`ProblemDetails.jsonUTF8`)

private func pyString(_ text: String) -> OpaquePointer? {
    var text = text
    return text.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { PyUnicode_FromStringAndSize($0.baseAddress, bytes.count) }
    }
}

private func pyValue(_ value: ValidatedValue) -> OpaquePointer? {
    switch value {
    case .string(let text): return pyString(text)
    case .integer(let number): return PyLong_FromLongLong(Int64(number))
    case .boolean(let flag): return PyBool_FromLong(flag ? 1 : 0)
    case .decimal(let number): return pyString(number.description)
    case .date(let date): return pyString(date.description)
    case .list(let items):
        let list = PyList_New(items.count)
        for (index, item) in items.enumerated() { _ = PyList_SetItem(list, index, pyValue(item)) }
        return list
    case .record(let fields):
        let dict = PyDict_New()
        for (name, field) in fields {
            let key = pyString(name)
            let item = pyValue(field)
            _ = PyDict_SetItem(dict, key, item)
            Py_DecRef(key)
            Py_DecRef(item)
        }
        return dict
    }
}

/// The verdict of `body` as a Python tuple, as above; nil (a Python error) never.
@_cdecl("rulecheck_verdict_object")
public func rulecheckVerdictObject(
    _ checker: UnsafeMutableRawPointer, _ body: UnsafePointer<UInt8>?, _ count: Int, _ today: UnsafePointer<CChar>?
) -> OpaquePointer? {
    let checker = Unmanaged<Checker>.fromOpaque(checker).takeUnretainedValue()
    var context = ValidationContext()
    if let today, let date = LocalDate(String(cString: today)) { context = ValidationContext(today: date) }
    let bytes = UnsafeBufferPointer(start: body, count: body == nil ? 0 : count)
    let tuple = PyTuple_New(2)
    switch checker.validator.verdict(onBody: bytes, context: context) {
    case .valid(let value):
        _ = PyTuple_SetItem(tuple, 0, PyLong_FromLongLong(1))
        _ = PyTuple_SetItem(tuple, 1, value.map(pyValue) ?? PyTuple_New(0))
    case .problem(let problem):
        let json = problem.jsonUTF8
        _ = PyTuple_SetItem(tuple, 0, PyLong_FromLongLong(0))
        _ = PyTuple_SetItem(
            tuple, 1,
            json.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { PyBytes_FromStringAndSize($0.baseAddress, json.count) }
            })
    }
    return tuple
}
