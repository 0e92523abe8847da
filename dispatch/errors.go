package dispatch

import "fmt"

// ErrorKind classifies a failure of the chain itself, as opposed to a
// failure reported by the capability.
type ErrorKind string

// Kinds of chain errors.
const (
	// KindDenied: a middleware refused the call before the handler ran.
	KindDenied ErrorKind = "denied"
	// KindNotFound: no capability has the call's id.
	KindNotFound ErrorKind = "not_found"
	// KindInvalidArgs: the arguments do not satisfy the input schema.
	KindInvalidArgs ErrorKind = "invalid_arguments"
	// KindExecuted: the terminus was reached a second time for one call.
	KindExecuted ErrorKind = "already_executed"
)

// Error is a failure of the chain: the call never reached (or must not
// reach again) the capability's handler.
type Error struct {
	Kind         ErrorKind
	CapabilityID string
	// Path is the JSON path of the offending argument ("$.items[2].name")
	// for KindInvalidArgs.
	Path    string
	Message string
	Err     error
}

// Error implements error.
func (e *Error) Error() string {
	switch e.Kind {
	case KindInvalidArgs:
		return fmt.Sprintf("invalid arguments for %s at %s: %s", e.CapabilityID, e.Path, e.Message)
	case KindDenied:
		return fmt.Sprintf("call to %s denied: %s", e.CapabilityID, e.Message)
	}
	return fmt.Sprintf("%s: %s", e.CapabilityID, e.Message)
}

// Unwrap returns the underlying error, if any.
func (e *Error) Unwrap() error { return e.Err }

// PythonException names the exception a snippet sees for this error.
func (e *Error) PythonException() string {
	switch e.Kind {
	case KindDenied:
		return "PermissionError"
	case KindInvalidArgs:
		return "ValueError"
	case KindNotFound:
		return "LookupError"
	}
	return "RuntimeError"
}

// Deny returns the error a middleware returns to refuse call; reason says
// why and, ideally, what would allow it.
func Deny(call *Call, reason string) error {
	return &Error{Kind: KindDenied, CapabilityID: call.CapabilityID, Message: reason}
}
