package localpython_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/backend/localpython"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/source/gofunc"
)

type greetIn struct {
	Name string `json:"name"`
}

type greetOut struct {
	Greeting string `json:"greeting"`
}

// TestThroughRuntime runs snippets on local_unsafe through the root
// runtime: its registry, namespaces, bridge and dispatch chain.
func TestThroughRuntime(t *testing.T) {
	t.Parallel()
	lp := localpython.New()
	if err := lp.Available(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("python3 is needed by this test: %v", err)
		}
		t.Skipf("no usable python3: %v", err)
	}
	greet := gofunc.New("greeter", "greet", "Say hello.", func(_ context.Context, in greetIn) (greetOut, error) {
		if in.Name == "" {
			return greetOut{}, errors.New("name is required")
		}
		return greetOut{Greeting: "hello, " + in.Name}, nil
	})
	rt, err := toolplane.New(
		toolplane.WithBackend(lp),
		toolplane.WithDefaultBackend(localpython.Name),
		toolplane.WithCapabilities(greet),
	)
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	var seen atomic.Int64
	rt.Use(func(next dispatch.Handler) dispatch.Handler {
		return func(ctx context.Context, c *dispatch.Call) (*dispatch.Result, error) {
			seen.Add(1)
			return next(ctx, c)
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := rt.Execute(ctx, `import sys
a = await greeter.greet(name="ada")
b = await greeter_greet("bob")
c = await call_tool("go:greeter/greet", {"name": "cy"})
print("version", sys.version_info[0])
[a["greeting"], b["greeting"], c["greeting"]]`, toolplane.ExecuteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Error != nil {
		t.Fatalf("snippet error: %v\n%s", res.Error, res.Error.Traceback)
	}
	if diff := cmp.Diff([]any{"hello, ada", "hello, bob", "hello, cy"}, res.Value); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if res.Backend != localpython.Name || res.Stdout != "version 3\n" || res.CapabilityCalls != 3 || seen.Load() != 3 {
		t.Errorf("backend %q stdout %q calls %d chain saw %d", res.Backend, res.Stdout, res.CapabilityCalls, seen.Load())
	}

	res, err = rt.Execute(ctx, "await greeter.greet(name='')", toolplane.ExecuteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Error == nil || res.Error.Type != "ToolError" || !strings.Contains(res.Error.Message, "name is required") {
		t.Errorf("tool failure: %+v", res.Error)
	}

	res, err = rt.Execute(ctx, "import time\ntime.sleep(30)", toolplane.ExecuteOptions{Timeout: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if res.Error == nil || res.Error.Limit != "time" {
		t.Errorf("timeout: %+v", res.Error)
	}
}
