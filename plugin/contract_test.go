package plugin_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/plugin"
)

// late registers things from an OnBuild hook, after Install.
type late struct{ what string }

func (p *late) Name() string { return "late" }
func (p *late) Install(r *plugin.Registry) error {
	r.OnBuild(func(context.Context) error {
		switch p.what {
		case "use":
			r.Use(func(next dispatch.Handler) dispatch.Handler { return next })
		case "route":
			r.Route("/late", http.NotFoundHandler())
		case "tool":
			r.Tool(plugin.Tool{Name: "late_tool", Labels: map[string]string{"a": "b"}, Handler: okHandler})
		case "stop":
			r.OnStop(func() error { return nil }) // allowed: cleanup of what the hook opened
		}
		return nil
	})
	return nil
}

func okHandler(context.Context, map[string]any) (*capability.Result, error) {
	return &capability.Result{Content: []capability.Content{{Type: "text", Text: "ok"}}}, nil
}

// TestPluginContract: a required plugin that is not in use, a section of
// a plugin that is not in use, and registrations after Install (from an
// OnBuild hook) refuse the boot, each naming file:line or the plugin.
func TestPluginContract(t *testing.T) {
	t.Parallel()
	tr := &trace{}
	_, err := load(t, "[plugins]\nuse = [\"a\"]\nrequired = [\n  \"a\",\n  \"b\",\n]\n", &tracer{name: "a", trace: tr}, &tracer{name: "b", trace: tr})
	if err == nil || !strings.Contains(err.Error(), `toolplane.toml:5: plugins.required lists "b", but plugins.use does not install it`) {
		t.Errorf("required not in use: %v", err)
	}
	_, err = load(t, "[plugins]\nrequired = [\"quota\"]\n", &tracer{name: "a", trace: tr})
	if err == nil || !strings.Contains(err.Error(), `this build does not even have it`) {
		t.Errorf("required, not in the build: %v", err)
	}
	_, err = load(t, "[plugins]\nuse = [\"a\"]\n\n[plugins.b]\ntag = \"forgotten\"\n", &tracer{name: "a", trace: tr}, &tracer{name: "b", trace: tr})
	if err == nil || !strings.Contains(err.Error(), `toolplane.toml:4: [plugins.b] configures plugin b, which plugins.use does not install`) {
		t.Errorf("section of a plugin not in use: %v", err)
	}
	for _, doc := range []string{
		"[plugins]\nuse = [\"a\"]\nb = { tag = \"inline\" }\n",
		"[plugins]\nuse = [\"a\"]\nb.tag = \"dotted\"\n",
		"plugins.use = [\"a\"]\nplugins.b.tag = \"top-level dotted\"\n",
	} {
		_, err = load(t, doc, &tracer{name: "a", trace: tr}, &tracer{name: "b", trace: tr})
		if err == nil || !strings.Contains(err.Error(), `[plugins.b] configures plugin b, which plugins.use does not install`) {
			t.Errorf("%q: %v", doc, err)
		}
	}
	if _, err := load(t, "[plugins]\nuse = [\"a\"]\nrequired = [\"a\"]\n", &tracer{name: "a", trace: tr}); err != nil {
		t.Errorf("required and in use: %v", err)
	}
	for _, what := range []string{"use", "route", "tool"} {
		_, err := load(t, "[plugins]\nuse = [\"late\"]\n", &late{what: what})
		if err == nil || !strings.Contains(err.Error(), "plugin late failed to start") || !strings.Contains(err.Error(), "registrations are only taken during Install") {
			t.Errorf("%s from OnBuild: %v", what, err)
		}
	}
	if _, err := load(t, "[plugins]\nuse = [\"late\"]\n", &late{what: "stop"}); err != nil {
		t.Errorf("OnStop from OnBuild: %v", err)
	}
}

// lister contributes a tool and a tools/list filter that drops a tool,
// annotates one and tries to add and rename others.
type lister struct {
	labels map[string]string
	panics bool
}

func (p *lister) Name() string { return "lister" }
func (p *lister) Install(r *plugin.Registry) error {
	r.Tool(plugin.Tool{Name: "lister_tool", Description: "a plugin tool", Labels: p.labels, Handler: func(ctx context.Context, args map[string]any) (*capability.Result, error) {
		c := dispatch.CallFrom(ctx)
		return &capability.Result{Content: []capability.Content{{Type: "text", Text: "called by " + c.Subject + "/" + c.Identity}}}, nil
	}})
	r.ListTools(func(_ context.Context, l *plugin.ToolList) error {
		if p.panics {
			panic("list filter bug")
		}
		kept := l.Tools[:0]
		for _, t := range l.Tools {
			switch t.Name {
			case "hidden":
				continue
			case "annotated":
				t.Description = "[" + l.Identity + "] " + t.Description
			case "renamed":
				t.Name = "secret_tool"
			}
			kept = append(kept, t)
		}
		l.Tools = append(kept, plugin.ListedTool{Name: "injected", Description: "not admitted"})
		return nil
	})
	return nil
}

// TestToolHookAndListFilter: a plugin's tool becomes a capability of
// source plugin that runs through the chain and sees its caller; tools/
// list passes the plugin's filter, which may drop and annotate but not
// add or rename (those entries are dropped); a filter's panic fails the
// listing with the plugin's name; an unlabeled tool is refused.
func TestToolHookAndListFilter(t *testing.T) {
	t.Parallel()
	p := &lister{labels: map[string]string{"capability": "read"}}
	h, err := load(t, "[plugins]\nuse = [\"lister\"]\n", p)
	if err != nil {
		t.Fatal(err)
	}
	caps, err := h.Capabilities()
	if err != nil || len(caps) != 1 {
		t.Fatalf("capabilities %v %v", caps, err)
	}
	c := caps[0]
	if c.ID != "plugin:lister/lister_tool" || c.Source != capability.SourcePlugin || capability.LabelSet(&c)["source"] != "plugin" {
		t.Errorf("capability %+v", c)
	}
	call := dispatch.NewCall(dispatch.OriginToolCall, &c, nil)
	call.Subject, call.Identity = "ci", "alice"
	chain := dispatch.Chain(dispatch.Terminus(func(string) (*capability.Capability, bool) { return &c, true }), h.Middlewares()...)
	res, err := chain(context.Background(), call)
	if err != nil || res.Content[0].Text != "called by ci/alice" {
		t.Errorf("plugin tool through the chain: %v %v", res, err)
	}

	l := &plugin.ToolList{Subject: "ci", Identity: "alice", Tools: []plugin.ListedTool{
		{Name: "kept", Description: "k"}, {Name: "hidden"}, {Name: "annotated", Description: "d"}, {Name: "renamed"},
	}}
	if err := h.FilterToolList(context.Background(), l); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(l.Tools)
	if string(got) != `[{"Name":"kept","Description":"k","Labels":null},{"Name":"annotated","Description":"[alice] d","Labels":null}]` {
		t.Errorf("filtered list %s", got)
	}

	hp, err := load(t, "[plugins]\nuse = [\"lister\"]\n", &lister{labels: map[string]string{"a": "b"}, panics: true})
	if err != nil {
		t.Fatal(err)
	}
	err = hp.FilterToolList(context.Background(), &plugin.ToolList{Tools: []plugin.ListedTool{{Name: "x"}}})
	var pe *plugin.PanicError
	if !errors.As(err, &pe) || pe.Plugin != "lister" {
		t.Errorf("a panicking filter: %v", err)
	}

	hu, err := load(t, "[plugins]\nuse = [\"lister\"]\n", &lister{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hu.Capabilities(); err == nil || !strings.Contains(err.Error(), "has no labels") {
		t.Errorf("an unlabeled plugin tool: %v", err)
	}
}
