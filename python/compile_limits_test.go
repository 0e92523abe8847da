package python_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
)

// TestAttackSourceTooLarge: a 4 MB snippet used to be compiled (a 4 MB
// expression took 1.6 GB). A source over CompileOptions.MaxSourceBytes
// is refused before it is read, with an error naming its size and the
// limit; the default is python.DefaultMaxSourceBytes.
func TestAttackSourceTooLarge(t *testing.T) {
	t.Parallel()
	big := "x = 1\n" + strings.Repeat("1*", 2<<20) + "1"
	for _, tc := range []struct {
		src   string
		limit int
		want  string
	}{
		{big, 0, "the source is 4194311 bytes, over the limit of 1048576 bytes"},
		{strings.Repeat("a", 101), 100, "the source is 101 bytes, over the limit of 100 bytes"},
	} {
		_, err := python.Compile("big.py", tc.src, python.CompileOptions{Snippet: true, MaxSourceBytes: tc.limit})
		var exc *python.Exception
		if !errors.As(err, &exc) || exc.Type != "ValueError" || exc.Limit != "source" || !strings.Contains(exc.Message, tc.want) {
			t.Errorf("limit %d: got %v, want ValueError (limit source) containing %q", tc.limit, err, tc.want)
		}
	}
	// At the limit, and with no limit, the source compiles.
	for _, opts := range []python.CompileOptions{{MaxSourceBytes: 101}, {MaxSourceBytes: -1}} {
		if _, err := python.Compile("ok.py", "x = "+strings.Repeat("1", 97), opts); err != nil {
			t.Errorf("%+v: %v", opts, err)
		}
	}
	atLimit := "#" + strings.Repeat("a", python.DefaultMaxSourceBytes-1)
	if _, err := python.Compile("ok.py", atLimit, python.CompileOptions{}); err != nil {
		t.Errorf("a source at the default limit: %v", err)
	}
	if _, err := python.Compile("big.py", atLimit+"\n", python.CompileOptions{}); err == nil {
		t.Errorf("a source one byte over the default limit compiled")
	}
}

// TestAttackCompileCancelled: compiling is inside the run's deadline. A
// compile whose context has ended stops (every phase polls the context)
// and reports a TimeoutError with limit "time", as an interrupted run does.
func TestAttackCompileCancelled(t *testing.T) {
	t.Parallel()
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	srcs := map[string]string{
		"flat":    "x = [" + strings.Repeat("1, ", 300_000) + "]",
		"fstring": "x = f'" + strings.Repeat("{a}", 300_000) + "'",
		"stmts":   strings.Repeat("a = b + c\n", 100_000),
	}
	for name, src := range srcs {
		for ctxName, ctx := range map[string]context.Context{"cancelled": ended, "expired": expired} {
			_, err := python.CompileContext(ctx, "c.py", src, python.CompileOptions{Snippet: true})
			var exc *python.Exception
			if !errors.As(err, &exc) || exc.Type != "TimeoutError" || exc.Limit != "time" {
				t.Errorf("%s, %s context: got %v, want TimeoutError with limit time", name, ctxName, err)
			}
		}
		if _, err := python.CompileContext(context.Background(), "c.py", src, python.CompileOptions{Snippet: true}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
