/* Design (B)'s minimal experiment (docs/performance.md, "Python"): one type's step in a CPython
 * extension, `CustomerName` of bench/rules/order.yaml (trim, then a length of 1 to 60 characters),
 * for ASCII text only (other text answers NotImplemented: the pinned tables' grapheme count is not
 * written here). Returns the trimmed str, False when the length is out of bounds, None when the
 * value is not a str. Build: bench/cext/build.sh. Measured by bench/cext/onecheck.py. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static int is_ascii_space(Py_UCS1 c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static PyObject *customer_name(PyObject *self, PyObject *value) {
    if (!PyUnicode_Check(value)) Py_RETURN_NONE;
    if (!PyUnicode_IS_ASCII(value)) Py_RETURN_NOTIMPLEMENTED;
    const Py_UCS1 *text = PyUnicode_1BYTE_DATA(value);
    Py_ssize_t start = 0, end = PyUnicode_GET_LENGTH(value);
    while (start < end && is_ascii_space(text[start])) start++;
    while (end > start && is_ascii_space(text[end - 1])) end--;
    Py_ssize_t count = end - start;
    /* NB: a CR LF pair is one character: counted as the engine counts ASCII text. */
    for (Py_ssize_t i = start; i + 1 < end; i++) if (text[i] == '\r' && text[i + 1] == '\n') count--;
    if (count < 1 || count > 60) Py_RETURN_FALSE;
    if (start == 0 && end == PyUnicode_GET_LENGTH(value)) return Py_NewRef(value);
    return PyUnicode_Substring(value, start, end);
}

static PyMethodDef methods[] = {{"customer_name", customer_name, METH_O, "CustomerName's step, ASCII text only."},
                                {NULL, NULL, 0, NULL}};
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "rc_onecheck", NULL, -1, methods};
PyMODINIT_FUNC PyInit_rc_onecheck(void) { return PyModule_Create(&module); }
