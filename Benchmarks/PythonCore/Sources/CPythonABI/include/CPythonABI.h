// The few functions of CPython's stable ABI that the library calls to build Python objects, declared
// here so that no Python headers are needed to build it: they are resolved in the Python process
// that loads the library (with ctypes.PyDLL, which keeps the GIL held during the call).
#ifndef CPYTHON_ABI_H
#define CPYTHON_ABI_H

#include <stddef.h>

typedef struct _object PyObject;

PyObject *PyDict_New(void);
int PyDict_SetItem(PyObject *dict, PyObject *key, PyObject *value);
PyObject *PyList_New(ptrdiff_t size);
int PyList_SetItem(PyObject *list, ptrdiff_t index, PyObject *item);
PyObject *PyTuple_New(ptrdiff_t size);
int PyTuple_SetItem(PyObject *tuple, ptrdiff_t index, PyObject *item);
PyObject *PyUnicode_FromStringAndSize(const char *text, ptrdiff_t size);
PyObject *PyLong_FromLongLong(long long value);
PyObject *PyBool_FromLong(long value);
PyObject *PyBytes_FromStringAndSize(const char *bytes, ptrdiff_t size);
void Py_IncRef(PyObject *object);
void Py_DecRef(PyObject *object);

#endif
