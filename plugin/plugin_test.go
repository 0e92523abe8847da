package plugin_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/plugin"
)

// tracer is a plugin that logs the order in which its hooks and its layer
// run into a shared trace.
type tracer struct {
	name  string
	trace *trace
	cfg   struct {
		Tag  string `toml:"tag"`
		Fail bool   `toml:"fail"`
	}
}

type trace struct {
	mu     sync.Mutex
	events []string
}

func (t *trace) add(s string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.events = append(t.events, s)
}

func (p *tracer) Name() string { return p.name }

func (p *tracer) Install(r *plugin.Registry) error {
	p.cfg.Tag = "default"
	if err := r.Config(&p.cfg); err != nil {
		return err
	}
	r.OnBuild(func(context.Context) error {
		p.trace.add("build " + p.name + " " + p.cfg.Tag)
		if p.cfg.Fail {
			return errors.New("told to fail")
		}
		return nil
	})
	r.OnStop(func() error { p.trace.add("stop " + p.name); return nil })
	r.Named("layer", func(next dispatch.Handler) dispatch.Handler {
		return func(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error) {
			p.trace.add("in " + p.name)
			call.Meta[p.name] = true
			res, err := next(ctx, call)
			p.trace.add("out " + p.name)
			return res, err
		}
	})
	return nil
}

func load(t *testing.T, doc string, ps ...plugin.Plugin) (*plugin.Host, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "toolplane.toml")
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	l := &config.Loader{}
	h, err := plugin.NewHost(l, ps...)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := l.Load(path)
	if err != nil {
		return nil, err
	}
	return h, h.Build(context.Background(), cfg.Path)
}

func TestInstallationOrderIsOnionOrder(t *testing.T) {
	t.Parallel()
	tr := &trace{}
	a, b, c := &tracer{name: "a", trace: tr}, &tracer{name: "b", trace: tr}, &tracer{name: "c", trace: tr}
	h, err := load(t, "[plugins]\nuse = [\"b\", \"a\"]\n[plugins.a]\ntag = \"x\"\n", a, b, c)
	if err != nil {
		t.Fatal(err)
	}
	if got := h.Active(); !slices.Equal(got, []string{"b", "a"}) {
		t.Errorf("active %v", got)
	}
	var names []string
	for _, l := range h.Layers() {
		names = append(names, l.Name)
	}
	if !slices.Equal(names, []string{"b/layer", "a/layer"}) {
		t.Errorf("layers %v", names)
	}
	cap := &capability.Capability{ID: "go:p/f", Source: capability.SourceGo, Namespace: "p", Name: "f",
		Handler: func(context.Context, map[string]any) (*capability.Result, error) {
			tr.add("terminus")
			return &capability.Result{}, nil
		}}
	chain := dispatch.Chain(dispatch.Terminus(func(string) (*capability.Capability, bool) { return cap, true }), h.Middlewares()...)
	call := dispatch.NewCall(dispatch.OriginToolCall, cap, nil)
	if _, err := chain(context.Background(), call); err != nil {
		t.Fatal(err)
	}
	if err := h.Stop(); err != nil {
		t.Fatal(err)
	}
	want := []string{"build b default", "build a x", "in b", "in a", "terminus", "out a", "out b", "stop a", "stop b"}
	if !slices.Equal(tr.events, want) {
		t.Errorf("trace\n got %v\nwant %v", tr.events, want)
	}
	if call.Meta["a"] != true || call.Meta["b"] != true {
		t.Errorf("Call.Meta %v", call.Meta)
	}
}

func TestFailingBuildStopsWhatWasBuilt(t *testing.T) {
	t.Parallel()
	tr := &trace{}
	a, b := &tracer{name: "a", trace: tr}, &tracer{name: "b", trace: tr}
	_, err := load(t, "[plugins]\nuse = [\"a\", \"b\"]\n[plugins.b]\nfail = true\n", a, b)
	if err == nil || !strings.Contains(err.Error(), "toolplane.toml:3: plugin b failed to start: told to fail") {
		t.Fatalf("err = %v", err)
	}
	want := []string{"build a default", "build b default", "stop b", "stop a"}
	if !slices.Equal(tr.events, want) {
		t.Errorf("trace\n got %v\nwant %v", tr.events, want)
	}
}

func TestHostRefusals(t *testing.T) {
	t.Parallel()
	tr := &trace{}
	_, err := load(t, "[plugins]\nuse = [\n  \"a\",\n  \"nope\",\n]\n", &tracer{name: "a", trace: tr})
	if err == nil || !strings.Contains(err.Error(), `toolplane.toml:4: plugins.use: unknown plugin "nope"; this build has plugins a`) {
		t.Errorf("unknown plugin: %v", err)
	}
	_, err = load(t, "[plugins]\nuse = [\"a\", \"a\"]\n", &tracer{name: "a", trace: tr})
	if err == nil || !strings.Contains(err.Error(), `plugin "a" is listed twice`) {
		t.Errorf("duplicate: %v", err)
	}
	if _, err := plugin.NewHost(&config.Loader{}, &tracer{name: "use", trace: tr}); err == nil {
		t.Error("a plugin named use was accepted")
	}
}
