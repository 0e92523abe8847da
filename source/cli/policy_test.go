package cli

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/toolplane/toolplane/dispatch"
)

// bypassIDs are capability ids that try to reach a shell or a path.
var bypassIDs = []string{
	"cli:../bin/sh", "cli:/bin/sh", "cli:sh -c", "cli:git;rm", "cli:git rm", "cli:bin/sh",
	"cli:..", "cli:.", "cli:", "cli:-c", "cli:git\x00", "cli:$(sh)", "cli:`sh`", "cli:git|sh",
	"cli:sh\n", "cli:./git", `cli:..\sh`, "CLI:sh", "Cli:git", " cli:git", "cli:git ", "cli: git",
}

func TestValidateName(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"git", "docker-compose", "python3.11", "g++", "x_y", "kubectl"} {
		if err := ValidateName(ok); err != nil {
			t.Errorf("ValidateName(%q) = %v, want nil", ok, err)
		}
	}
	for _, bad := range []string{"", "../bin/sh", "/bin/sh", "sh -c", "git;rm", "a/b", `a\b`, "..", ".", "a..b",
		"-rf", "git\x00", "$(x)", "a b", "a\tb", "é", strings.Repeat("a", 129)} {
		err := ValidateName(bad)
		if !isPermission(err) {
			t.Errorf("ValidateName(%q) = %v, want a PermissionError", bad, err)
		}
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	if err := (Policy{}).Check(); err != nil {
		t.Errorf("zero policy: %v", err)
	}
	if err := (Policy{Mode: ModeAllowlist, Allow: []string{"git", "cat"}}).Check(); err != nil {
		t.Errorf("allowlist of real binaries: %v", err)
	}
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	err := Policy{
		Mode:           ModeAllowlist,
		Allow:          []string{"git", "no-such-binary-tp", "/bin/sh", "git"},
		Timeout:        -1,
		MaxOutputBytes: -1,
		Cwd:            file,
		Env:            map[string]string{"A=B": "x"},
		Labels:         map[string]map[string]string{"sh -c": {"a": "b"}},
	}.Check()
	if err == nil {
		t.Fatal("Check passed a broken policy")
	}
	for _, want := range []string{
		`"no-such-binary-tp": binary not found on PATH`, "install it, fix PATH, or remove it from allow",
		`"/bin/sh"`, "path separator", `"git" is listed twice`, "timeout", "max_output_bytes",
		"not a directory", `invalid variable name "A=B"`, "[cli] labels",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Check error lacks %q:\n%v", want, err)
		}
	}
	if !errors.Is(err, ErrNotFound) {
		t.Errorf("Check error does not wrap ErrNotFound")
	}
	if _, err := New(Policy{Mode: ModeAllowlist, Allow: []string{"no-such-binary-tp"}}, Hooks{}); !errors.Is(err, ErrNotFound) {
		t.Errorf("New with a missing allowlisted binary: %v", err)
	}
	for _, p := range []Policy{{Mode: "everything"}, {Mode: ModeAmbient, Escalate: true}, {Mode: ModeDisabled, Escalate: true}} {
		if err := p.Check(); err == nil {
			t.Errorf("Check(%+v) passed", p)
		}
	}
}

// deniedBeforeRunning asserts a call was refused by admission as a denial
// carrying a PermissionError, without reaching the terminus.
func deniedBeforeRunning(t *testing.T, c *chain, id string, args map[string]any) error {
	t.Helper()
	before := c.reached.Load()
	res, err := c.call(id, args)
	var de *dispatch.Error
	if !errors.As(err, &de) || de.Kind != dispatch.KindDenied || !isPermission(err) {
		t.Errorf("%q: result %v, error %v; want a denial with a PermissionError", id, res, err)
	}
	if c.reached.Load() != before {
		t.Errorf("%q reached the terminus", id)
	}
	return err
}

func TestDisabledMode(t *testing.T) {
	t.Parallel()
	c := newChain(t, Policy{}, Hooks{})
	if caps := c.src.Capabilities(); len(caps) != 0 {
		t.Errorf("disabled mode exposes %d capabilities", len(caps))
	}
	err := deniedBeforeRunning(t, c, "cli:git", map[string]any{"args": []any{"status"}})
	if err != nil && !strings.Contains(err.Error(), `set [cli] mode = "allowlist"`) {
		t.Errorf("denial does not say how to allow: %v", err)
	}
	for _, id := range bypassIDs {
		deniedBeforeRunning(t, c, id, nil)
	}
	if _, err := c.src.Lookup("cli:git"); !isPermission(err) {
		t.Errorf("Lookup in disabled mode: %v", err)
	}
	// Calls to other sources pass through admission untouched.
	if _, err := c.call("go:greeter/greet", nil); err == nil || c.reached.Load() != 1 {
		t.Errorf("non-cli call: %v, reached %d", err, c.reached.Load())
	}
}

func TestAllowlistMode(t *testing.T) {
	t.Parallel()
	c := newChain(t, Policy{
		Mode: ModeAllowlist, Allow: []string{"printf", "git"},
		Labels: map[string]map[string]string{"git": {"risk": "low", "team": "dev"}},
	}, Hooks{})
	caps := c.src.Capabilities()
	var ids []string
	for _, capa := range caps {
		ids = append(ids, capa.ID)
	}
	if !slices.Equal(ids, []string{"cli:git", "cli:printf"}) {
		t.Errorf("capabilities %v", ids)
	}
	if caps[0].Labels["risk"] != "low" || caps[0].Labels["team"] != "dev" || len(caps[1].Labels) != 0 {
		t.Errorf("labels %v %v", caps[0].Labels, caps[1].Labels)
	}
	if !strings.Contains(caps[0].Description, "/git)") {
		t.Errorf("description lacks the resolved path: %q", caps[0].Description)
	}
	if out := c.ok(t, "cli:printf", map[string]any{"args": []any{"ok"}}); out["stdout"] != "ok" {
		t.Errorf("printf: %v", out)
	}
	dir := t.TempDir()
	made := filepath.Join(dir, "made")
	err := deniedBeforeRunning(t, c, "cli:mkdir", map[string]any{"positional": []any{made}})
	if err != nil && !strings.Contains(err.Error(), "not in the [cli] allow list") {
		t.Errorf("denial: %v", err)
	}
	for _, id := range bypassIDs {
		deniedBeforeRunning(t, c, id, map[string]any{"args": []any{"-c", "mkdir " + made}})
	}
	if _, err := os.Stat(made); !os.IsNotExist(err) {
		t.Errorf("a denied call ran: %v", err)
	}
	if _, err := c.src.Lookup("cli:mkdir"); !isPermission(err) {
		t.Errorf("Lookup of a binary outside the allowlist: %v", err)
	}
	if _, err := c.src.Lookup("cli:../bin/sh"); !isPermission(err) {
		t.Errorf("Lookup of a path: %v", err)
	}
}

func TestAmbientMode(t *testing.T) {
	t.Parallel()
	c := newChain(t, Policy{Mode: ModeAmbient}, Hooks{})
	if caps := c.src.Capabilities(); len(caps) != 0 {
		t.Errorf("ambient mode registers %d capabilities up front", len(caps))
	}
	if out := c.ok(t, "cli:printf", map[string]any{"args": []any{"lazy"}}); out["stdout"] != "lazy" {
		t.Errorf("printf: %v", out)
	}
	capa, err := c.src.Lookup("cli:printf")
	if err != nil || capa.ID != "cli:printf" || capa.Name != "printf" || capa.Source != "cli" {
		t.Errorf("Lookup: %+v, %v", capa, err)
	}
	for _, id := range bypassIDs {
		deniedBeforeRunning(t, c, id, nil)
	}
	before := c.reached.Load()
	_, err = c.call("cli:no-such-binary-tp", nil)
	var de *dispatch.Error
	if !errors.As(err, &de) || de.Kind != dispatch.KindNotFound || c.reached.Load() != before+1 {
		t.Errorf("missing binary in ambient mode: %v", err)
	}
	if _, err := c.src.Lookup("cli:no-such-binary-tp"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Lookup of a missing binary: %v", err)
	}
}

// TestHandlerRechecksPolicy calls a capability handler without Admission:
// the handler alone must refuse a binary that is not allowed.
func TestHandlerRechecksPolicy(t *testing.T) {
	t.Parallel()
	src, err := New(Policy{Mode: ModeAllowlist, Allow: []string{"printf"}, Escalate: true}, Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	// With escalation on, Lookup hands out the capability of a binary
	// outside the allowlist; without a grant its handler refuses.
	capa, err := src.Lookup("cli:mkdir")
	if err != nil {
		t.Fatal(err)
	}
	made := filepath.Join(t.TempDir(), "made")
	if _, err := capa.Handler(context.Background(), map[string]any{"positional": []any{made}}); !isPermission(err) {
		t.Errorf("handler without a grant: %v", err)
	}
	if _, err := os.Stat(made); !os.IsNotExist(err) {
		t.Errorf("mkdir ran: %v", err)
	}
}

// escalation records what an Escalator was asked and the decisions heard.
type escalation struct {
	mu        sync.Mutex
	asked     [][]string
	decisions []Decision
}

func (e *escalation) hooks(d Decision, err error) Hooks {
	return Hooks{
		Escalator: func(ctx context.Context, binary string, argv []string) (Decision, error) {
			e.mu.Lock()
			defer e.mu.Unlock()
			e.asked = append(e.asked, argv)
			return d, err
		},
		OnEscalation: func(binary string, d Decision) {
			e.mu.Lock()
			defer e.mu.Unlock()
			e.decisions = append(e.decisions, d)
		},
	}
}

func TestEscalation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		decision Decision
		err      error
		want     Decision
	}{
		{"granted", DecisionGranted, nil, DecisionGranted},
		{"declined", DecisionDeclined, nil, DecisionDeclined},
		{"abandoned", DecisionAbandoned, nil, DecisionAbandoned},
		{"error", DecisionError, nil, DecisionError},
		{"escalator fails", DecisionGranted, errors.New("client went away"), DecisionError},
		{"unknown decision", Decision("maybe"), nil, DecisionError},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var rec escalation
			dir := t.TempDir()
			c := newChain(t, Policy{Mode: ModeAllowlist, Allow: []string{"printf"}, Escalate: true, Cwd: dir}, rec.hooks(tc.decision, tc.err))
			made := filepath.Join(dir, "made")
			args := map[string]any{"options": map[string]any{"p": true}, "positional": []any{made}}
			res, err := c.call("cli:mkdir", args)
			_, statErr := os.Stat(made)
			if tc.want == DecisionGranted {
				if err != nil || res.IsError || statErr != nil {
					t.Errorf("granted call: %v, %v, stat %v", res, err, statErr)
				}
			} else {
				if !isPermission(err) || !strings.Contains(err.Error(), "escalation was "+string(tc.want)) {
					t.Errorf("call: %v, want a PermissionError saying the escalation was %s", err, tc.want)
				}
				if !os.IsNotExist(statErr) || c.reached.Load() != 0 {
					t.Errorf("refused call ran: stat %v, reached %d", statErr, c.reached.Load())
				}
			}
			if want := [][]string{{"mkdir", "-p", made}}; len(rec.asked) != 1 || !slices.Equal(rec.asked[0], want[0]) {
				t.Errorf("escalator asked %v, want %v", rec.asked, want)
			}
			if !slices.Equal(rec.decisions, []Decision{tc.want}) {
				t.Errorf("decisions heard %v, want [%s]", rec.decisions, tc.want)
			}
			// Allowlisted binaries never escalate.
			c.ok(t, "cli:printf", map[string]any{"args": []any{"x"}})
			if len(rec.asked) != 1 {
				t.Errorf("allowlisted call escalated")
			}
		})
	}
}

func TestEscalationEdges(t *testing.T) {
	t.Parallel()
	var rec escalation
	dir := t.TempDir()
	c := newChain(t, Policy{Mode: ModeAllowlist, Allow: []string{"printf"}, Escalate: true, Cwd: dir}, rec.hooks(DecisionGranted, nil))
	// Invalid names and paths are refused before anyone is asked.
	for _, id := range bypassIDs {
		deniedBeforeRunning(t, c, id, nil)
	}
	// So are missing binaries and arguments that do not render.
	if _, err := c.call("cli:no-such-binary-tp", nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing binary: %v", err)
	}
	if _, err := c.call("cli:mkdir", map[string]any{"options": map[string]any{"x": map[string]any{}}}); err == nil {
		t.Errorf("bad arguments escalated")
	}
	if len(rec.asked) != 0 {
		t.Errorf("escalator asked %v", rec.asked)
	}

	// No escalator: decided "error", heard by OnEscalation.
	var heard []Decision
	c2 := newChain(t, Policy{Mode: ModeAllowlist, Allow: []string{"printf"}, Escalate: true},
		Hooks{OnEscalation: func(_ string, d Decision) { heard = append(heard, d) }})
	if _, err := c2.call("cli:mkdir", nil); !isPermission(err) || !strings.Contains(err.Error(), "no escalation channel") {
		t.Errorf("no escalator: %v", err)
	}
	if !slices.Equal(heard, []Decision{DecisionError}) {
		t.Errorf("heard %v", heard)
	}

	// A grant covers exactly the argv the human saw, once.
	capa, err := c.src.Lookup("cli:mkdir")
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	var smuggled error
	mw := c.src.Admission()
	h := mw(func(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error) {
		// A layer that changes the arguments after the human said yes.
		_, smuggled = capa.Handler(ctx, map[string]any{"positional": []any{b}})
		// The granted call itself runs, and only once.
		if _, err := capa.Handler(ctx, call.Args); err != nil {
			return nil, err
		}
		return capa.Handler(ctx, call.Args)
	})
	_, err = h(context.Background(), &dispatch.Call{CapabilityID: "cli:mkdir", Args: map[string]any{"positional": []any{a}}})
	if !isPermission(smuggled) {
		t.Errorf("changed argv ran under the grant: %v", smuggled)
	}
	if !isPermission(err) {
		t.Errorf("second run under one grant: %v", err)
	}
	if _, err := os.Stat(a); err != nil {
		t.Errorf("granted mkdir did not run: %v", err)
	}
	if _, err := os.Stat(b); !os.IsNotExist(err) {
		t.Errorf("smuggled mkdir ran: %v", err)
	}
}

// TestInputSchemaThroughTerminus checks that the chain's schema validation
// accepts every shape the renderer takes and rejects bad values with a
// JSON path, before the handler runs.
func TestInputSchemaThroughTerminus(t *testing.T) {
	t.Parallel()
	c := newChain(t, Policy{Mode: ModeAllowlist, Allow: []string{"printf"}}, Hooks{})
	ok := []map[string]any{
		{"args": []any{"%s", 1.5}},
		{"args": []any{"%s"}, "options": []any{[]any{"x", nil}}, "global": map[string]any{"v": []any{true, "a"}}, "check": false, "stdin": nil},
	}
	for _, args := range ok {
		c.ok(t, "cli:printf", args)
	}
	bad := map[string]string{
		"$.args[0]":       `{"args": [true]}`,
		"$.options.x":     `{"options": {"x": {"y": 1}}}`,
		"$.options[0]":    `{"options": [["x"]]}`,
		"$.global.v":      `{"global": {"v": ["a", []]}}`,
		"$.stdin":         `{"stdin": "data"}`,
		"$.positional[0]": `{"positional": [{}]}`,
	}
	for path, input := range bad {
		var args map[string]any
		if err := json.Unmarshal([]byte(input), &args); err != nil {
			t.Fatal(err)
		}
		_, err := c.call("cli:printf", args)
		var de *dispatch.Error
		if !errors.As(err, &de) || de.Kind != dispatch.KindInvalidArgs {
			t.Errorf("%s: %v, want invalid arguments", input, err)
			continue
		}
		if !strings.HasPrefix(de.Path, path) {
			t.Errorf("%s: path %q, want %q", input, de.Path, path)
		}
	}
}
