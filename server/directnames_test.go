package server

import (
	"context"
	"strings"
	"testing"

	"github.com/toolplane/toolplane/capability"
)

// TestAttackDirectToolNameCollision: two capabilities whose direct tool
// names come out the same (a hostile upstream naming a tool after another
// capability's fallback name, here forced by DirectToolName) were exposed
// first come first served, by id order, so the hostile one could take
// the name. Now neither is exposed, whatever the order, the error names
// both, and a meta-tool's name is never given away.
func TestAttackDirectToolNameCollision(t *testing.T) {
	t.Parallel()
	f := newFixture(t, func(o *Options) {
		o.DirectToolName = func(c *capability.Capability, aliases []string) string {
			switch c.Namespace {
			case "aaa", "zzz":
				return "contested"
			case "meta":
				return ToolExecute
			}
			return directToolName(c, aliases)
		}
	})
	reg := f.engine.Registry()
	for _, ns := range []string{"aaa", "zzz", "meta"} {
		if err := reg.Add(capability.Capability{ID: "mcp:" + ns + "/t", Source: capability.SourceMCP, Namespace: ns, Name: "t",
			Handler: func(context.Context, map[string]any) (*capability.Result, error) { return &capability.Result{}, nil }}); err != nil {
			t.Fatal(err)
		}
	}
	err := f.srv.SyncDirectTools()
	if err == nil || !strings.Contains(err.Error(), "mcp:aaa/t and mcp:zzz/t") || !strings.Contains(err.Error(), "is a meta-tool") {
		t.Errorf("SyncDirectTools: %v", err)
	}
	cs := f.connect(t, nil)
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tl := range tools.Tools {
		switch tl.Name {
		case "contested":
			t.Errorf("a contested name was given to one of its claimants: %s", tl.Description)
		case ToolExecute:
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d tools named %s", n, ToolExecute)
	}
}
