package main

import (
	"errors"
	"fmt"
)

// Exit codes of the toolplane binary.
const (
	exitOK      = 0
	exitFailure = 1 // the command ran and failed
	exitUsage   = 2 // bad flags or arguments; nothing was done
)

// exitError carries the exit code an error maps to. Commands return it (via
// usageErrorf); any other error exits 1.
type exitError struct {
	code int
	err  error
	// hint is printed after the error on stderr (e.g. where to get help).
	hint string
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageErrorf reports bad flags or arguments: exit 2, with a pointer to the
// command's help.
func usageErrorf(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// exitCode maps an error returned by a command to the process exit code.
func exitCode(err error) int {
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return exitFailure
}
