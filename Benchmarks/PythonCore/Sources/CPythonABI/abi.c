// Nothing to compile: CPythonABI.h declares functions of the Python process.
