package vm

import (
	"errors"
	"strings"
	"testing"
)

// TestCheckedMethodReportsOnlyItsOwnMissingArgument: an unbound method
// called without an argument it indexes gets CPython's TypeError, but an
// index-out-of-range panic from deeper code the method ran (frames that
// never returned, so the thread's depth is still raised) is not turned
// into that TypeError: it goes on to the run's fault handler.
func TestCheckedMethodReportsOnlyItsOwnMissingArgument(t *testing.T) {
	th := NewThread(Config{Limits: Limits{Steps: 1 << 40, MaxMemoryBytes: 1 << 30}})
	own := checkedMethod(ListClass, "probe", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		return args[1], nil // no second argument given
	})
	_, err := own(th, Tuple{&List{}}, nil)
	var pe *Instance
	if !errors.As(err, &pe) || pe.Class != TypeErrorClass || !strings.Contains(err.Error(), "missing required argument") {
		t.Fatalf("the method's own indexing: %v, want a TypeError", err)
	}
	if th.depth != 0 {
		t.Fatalf("depth %d after the method's own error", th.depth)
	}
	nested := checkedMethod(ListClass, "probe", func(t *Thread, args Tuple, kw []Kwarg) (Value, error) {
		t.depth++ // a frame entered below and never left, as a panic leaves it
		var xs []Value
		i := 3
		return xs[i], nil
	})
	defer func() {
		if r := recover(); r == nil {
			t.Fatal("a panic from code the method ran came back as an error")
		}
	}()
	_, err = nested(th, Tuple{&List{}}, nil)
	t.Fatalf("a panic from code the method ran became %v", err)
}
