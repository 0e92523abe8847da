package vm

// CLIErrorClass is the exception a CLI capability raises when its binary
// fails (a non-zero exit unless check=False, or a timeout). It subclasses
// ToolError, so `except ToolError` still catches every capability failure,
// and it is a builtin, so host functions can choose it by name
// (python.HostError{Type: "CLIError"}) and snippets can catch it without an
// import. The CLI bindings set exit_code, stderr and capability on it.
var CLIErrorClass = registerException(makeException("CLIError", ToolErrorClass))

// registerException adds c to the builtin exceptions. It runs during
// package variable initialisation, after exceptionClasses is built and
// before the init functions that copy it into the builtins, so the class
// is both a builtin name and found by ExceptionClassByName.
func registerException(c *Class) *Class {
	exceptionClasses = append(exceptionClasses, c)
	return c
}
