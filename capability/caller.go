package capability

import "context"

type callerKey struct{}

// WithCaller is ctx carrying who a handler runs for: the subject of the
// token that made the call. The dispatch chain sets it before running a
// handler; a call without a subject (stdio, the Go API) carries none.
func WithCaller(ctx context.Context, subject string) context.Context {
	if subject == "" {
		return ctx
	}
	return context.WithValue(ctx, callerKey{}, subject)
}

// Caller is the subject a handler runs for, "" when unknown. A source that
// shares a bounded resource among every client (an upstream server's
// calls in progress) uses it so that no one caller can hold all of it.
func Caller(ctx context.Context) string {
	s, _ := ctx.Value(callerKey{}).(string)
	return s
}
