package capability

// RuntimeBindings are the names a snippet namespace reserves besides the
// capabilities: the runtime's own functions, and asyncio, which snippets
// import to gather calls. No alias may take one of them.
func RuntimeBindings() []string {
	return []string{"call_tool", "save_result", "load_result", "reset_session", "cli", "cli_run", "asyncio"}
}

// PythonBuiltins are the public names of CPython 3.11's builtins module plus
// the ToolError exception the runtime adds.
func PythonBuiltins() []string {
	return []string{
		"ArithmeticError", "AssertionError", "AttributeError", "BaseException",
		"BaseExceptionGroup", "BlockingIOError", "BrokenPipeError", "BufferError",
		"BytesWarning", "ChildProcessError", "ConnectionAbortedError", "ConnectionError",
		"ConnectionRefusedError", "ConnectionResetError", "DeprecationWarning", "EOFError",
		"Ellipsis", "EncodingWarning", "EnvironmentError", "Exception", "ExceptionGroup",
		"False", "FileExistsError", "FileNotFoundError", "FloatingPointError", "FutureWarning",
		"GeneratorExit", "IOError", "ImportError", "ImportWarning", "IndentationError",
		"IndexError", "InterruptedError", "IsADirectoryError", "KeyError", "KeyboardInterrupt",
		"LookupError", "MemoryError", "ModuleNotFoundError", "NameError", "None",
		"NotADirectoryError", "NotImplemented", "NotImplementedError", "OSError",
		"OverflowError", "PendingDeprecationWarning", "PermissionError", "ProcessLookupError",
		"RecursionError", "ReferenceError", "ResourceWarning", "RuntimeError", "RuntimeWarning",
		"StopAsyncIteration", "StopIteration", "SyntaxError", "SyntaxWarning", "SystemError",
		"SystemExit", "TabError", "TimeoutError", "True", "TypeError", "UnboundLocalError",
		"UnicodeDecodeError", "UnicodeEncodeError", "UnicodeError", "UnicodeTranslateError",
		"UnicodeWarning", "UserWarning", "ValueError", "Warning", "ZeroDivisionError", "abs",
		"aiter", "all", "anext", "any", "ascii", "bin", "bool", "breakpoint", "bytearray",
		"bytes", "callable", "chr", "classmethod", "compile", "complex", "copyright", "credits",
		"delattr", "dict", "dir", "divmod", "enumerate", "eval", "exec", "exit", "filter",
		"float", "format", "frozenset", "getattr", "globals", "hasattr", "hash", "help", "hex",
		"id", "input", "int", "isinstance", "issubclass", "iter", "len", "license", "list",
		"locals", "map", "max", "memoryview", "min", "next", "object", "oct", "open", "ord",
		"pow", "print", "property", "quit", "range", "repr", "reversed", "round", "set",
		"setattr", "slice", "sorted", "staticmethod", "str", "sum", "super", "tuple", "type",
		"vars", "zip", "ToolError",
	}
}

// isKeyword reports whether s is a hard or soft keyword of Python 3.12.
func isKeyword(s string) bool {
	switch s {
	case "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "match", "case", "type", "_":
		return true
	}
	return false
}
