package plugin_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/internal/testplugin"
	"github.com/toolplane/toolplane/plugin"
)

// panicky panics in Install.
type panicky struct{}

func (panicky) Name() string                   { return "panicky" }
func (panicky) Install(*plugin.Registry) error { panic("install went wrong") }

// TestAttackPluginPanicAtInstall: a panic in Install is an error naming
// the plugin, not a crash.
func TestAttackPluginPanicAtInstall(t *testing.T) {
	t.Parallel()
	_, err := plugin.NewHost(nil, panicky{})
	var pe *plugin.PanicError
	if !errors.As(err, &pe) || pe.Plugin != "panicky" || pe.Hook != "Install" || !strings.Contains(err.Error(), "install went wrong") {
		t.Fatalf("err = %v", err)
	}
}

// TestAttackPluginPanicOnBuild: a panic in OnBuild (which once crashed the
// process) refuses the boot naming the plugin and its config line, and
// the plugins built before it are stopped.
func TestAttackPluginPanicOnBuild(t *testing.T) {
	t.Parallel()
	tr := &trace{}
	a := &tracer{name: "a", trace: tr}
	_, err := load(t, "[plugins]\nuse = [\"a\", \"crash\"]\n[plugins.crash]\npanic_on_build = true\n", a, testplugin.New())
	if err == nil || !strings.Contains(err.Error(), "toolplane.toml:3: plugin crash failed to start: plugin crash panicked in OnBuild: crash: told to panic on build") {
		t.Fatalf("err = %v", err)
	}
	if got := strings.Join(tr.events, ","); got != "build a default,stop a" {
		t.Errorf("trace %s", got)
	}
}

// TestAttackPluginPanicPerCall: a panic in a plugin's middleware fails
// that call with an error naming the plugin; the next call of another
// capability goes through, and a panicking OnStop is an error of Stop.
func TestAttackPluginPanicPerCall(t *testing.T) {
	t.Parallel()
	h, err := load(t, "[plugins]\nuse = [\"crash\"]\n[plugins.crash]\npanic_capabilities = [\"go:p/boom\"]\npanic_on_stop = true\n", testplugin.New())
	if err != nil {
		t.Fatal(err)
	}
	caps := map[string]*capability.Capability{}
	for _, name := range []string{"boom", "fine"} {
		caps["go:p/"+name] = &capability.Capability{ID: "go:p/" + name, Source: capability.SourceGo, Namespace: "p", Name: name,
			Handler: func(context.Context, map[string]any) (*capability.Result, error) {
				return &capability.Result{Content: []capability.Content{{Type: "text", Text: "ran"}}}, nil
			}}
	}
	chain := dispatch.Chain(dispatch.Terminus(func(id string) (*capability.Capability, bool) { c, ok := caps[id]; return c, ok }), h.Middlewares()...)
	_, err = chain(context.Background(), dispatch.NewCall(dispatch.OriginSnippet, caps["go:p/boom"], nil))
	var pe *plugin.PanicError
	if !errors.As(err, &pe) || pe.Plugin != "crash" || pe.Hook != "middleware" || !strings.Contains(err.Error(), "assignment to entry in nil map") {
		t.Errorf("boom: err = %v", err)
	}
	if res, err := chain(context.Background(), dispatch.NewCall(dispatch.OriginSnippet, caps["go:p/fine"], nil)); err != nil || res.Content[0].Text != "ran" {
		t.Errorf("fine after boom: %+v, %v", res, err)
	}
	if err := h.Stop(); err == nil || !strings.Contains(err.Error(), "plugin crash panicked in OnStop") {
		t.Errorf("Stop: %v", err)
	}

	// Routes: a panic is a 500 naming the plugin, and the next request is
	// served.
	mux := http.NewServeMux()
	for p, hd := range h.Routes() {
		mux.Handle(p, hd)
	}
	ts := httptest.NewServer(mux)
	defer ts.Close()
	for path, want := range map[string]int{"/crash": 500, "/crash/ok": 200} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("GET %s: %d, want %d", path, resp.StatusCode, want)
		}
	}
}
