package toolplane

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestServeCLIEscalation starts the real `toolplane serve mcp` with
// [cli] mode = "allowlist", escalate = true, and drives it with the Go SDK
// client over stdio: a snippet calling a binary outside the allowlist asks
// the client; accept runs it once, decline raises PermissionError and runs
// nothing, a client without elicitation gets decision "error"; every
// decision is an `escalation` audit line. Malformed ids never ask: they
// are refused by admission. On protocol 2025-11-25 the question is an
// elicitation/create request; on 2026-07-28 (the SDK's default, which
// forbids that inside a request) it is an input request of the
// execute_code call, which the SDK's client answers and sends again.
func TestServeCLIEscalation(t *testing.T) {
	t.Parallel()
	interpreterReady(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, "toolplane")
	build := exec.Command("go", "build", "-o", bin, "./cmd/toolplane")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building toolplane: %v\n%s", err, out)
	}
	for _, protocol := range []string{"2025-11-25", "2026-07-28"} {
		t.Run(protocol, func(t *testing.T) {
			t.Parallel()
			testServeCLIEscalation(t, bin, protocol)
		})
	}
}

func testServeCLIEscalation(t *testing.T, bin, protocol string) {
	dir := t.TempDir()
	auditPath := filepath.Join(dir, "audit.jsonl")
	cfg := filepath.Join(dir, "toolplane.toml")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf(`[cli]
mode = "allowlist"
allow = ["true", "printf"]
escalate = true

[audit]
enabled = true
path = %q
`, auditPath)), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()

	// connect starts a server; answer (nil: no elicitation capability)
	// answers its questions.
	var asked []string
	var mu sync.Mutex
	connect := func(answer func() *mcp.ElicitResult) *mcp.ClientSession {
		cmd := exec.Command(bin, "serve", "mcp", "--config", cfg)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + filepath.Join(dir, "home"), "PATH=" + os.Getenv("PATH"), "TOOLPLANE_SECRET_STORE=file"}
		opts := &mcp.ClientOptions{}
		if answer != nil {
			opts.ElicitationHandler = func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
				mu.Lock()
				asked = append(asked, req.Params.Message)
				mu.Unlock()
				return answer(), nil
			}
		}
		client := mcp.NewClient(&mcp.Implementation{Name: "escalation-test", Version: "1"}, opts)
		cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, &mcp.ClientSessionOptions{ProtocolVersion: protocol})
		if err != nil {
			t.Fatal(err)
		}
		if got := cs.InitializeResult().ProtocolVersion; got != protocol {
			t.Fatalf("negotiated protocol %s, want %s", got, protocol)
		}
		t.Cleanup(func() { cs.Close() })
		return cs
	}
	type outcome struct {
		Value any `json:"value"`
		Error *struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"error"`
	}
	execute := func(cs *mcp.ClientSession, code string) outcome {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": code}})
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(res.StructuredContent)
		var out outcome
		if err := json.Unmarshal(data, &out); err != nil {
			t.Fatalf("execute_code result %s: %v", data, err)
		}
		return out
	}
	askCount := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(asked)
	}

	// Accept: the binary runs, once per call and per question.
	var accepts atomic.Int64
	yes := connect(func() *mcp.ElicitResult {
		accepts.Add(1)
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"allow": true}}
	})
	granted := filepath.Join(dir, "granted")
	out := execute(yes, fmt.Sprintf(`
r = await cli("touch")(%q)
u = await cli_run("uname", s=True)
ok = await true()
return [r.exit_code, r.argv, u.text(), ok.exit_code]`, granted))
	if out.Error != nil {
		t.Fatalf("accepted escalation: %+v", out.Error)
	}
	if v, _ := json.Marshal(out.Value); !strings.HasPrefix(string(v), fmt.Sprintf(`[0,["touch",%q],"`, granted)) || !strings.HasSuffix(string(v), `",0]`) {
		t.Errorf("accepted escalation value = %s", v)
	}
	if _, err := os.Stat(granted); err != nil {
		t.Errorf("the granted binary did not run: %v", err)
	}
	// touch and uname asked; true is allowlisted and did not.
	if n := accepts.Load(); n != 2 || askCount() != 2 {
		t.Errorf("accepted: asked %d times (%d answered), want 2: %q", askCount(), n, asked)
	}
	if m := asked[0]; !strings.Contains(m, "touch "+granted) || !strings.Contains(m, "[cli] allow") {
		t.Errorf("question = %q", m)
	}

	// Decline: PermissionError before anything runs.
	no := connect(func() *mcp.ElicitResult { return &mcp.ElicitResult{Action: "decline"} })
	declined := filepath.Join(dir, "declined")
	out = execute(no, fmt.Sprintf(`
try:
    await cli("touch")(%q)
    return "ran"
except PermissionError as e:
    return str(e)`, declined))
	if s, _ := out.Value.(string); out.Error != nil || !strings.Contains(s, "declined") {
		t.Errorf("declined escalation: value %#v error %+v", out.Value, out.Error)
	}
	if _, err := os.Stat(declined); !os.IsNotExist(err) {
		t.Errorf("a declined binary ran: %v", err)
	}

	// Dismissed (cancel): abandoned.
	cancelled := connect(func() *mcp.ElicitResult { return &mcp.ElicitResult{Action: "cancel"} })
	out = execute(cancelled, `
try:
    await cli_run("uname")
except PermissionError as e:
    return str(e)`)
	if s, _ := out.Value.(string); !strings.Contains(s, "abandoned") {
		t.Errorf("cancelled escalation: value %#v error %+v", out.Value, out.Error)
	}

	// No elicitation capability: decision error, nothing asked.
	before := askCount()
	mute := connect(nil)
	noHuman := filepath.Join(dir, "no-human")
	out = execute(mute, fmt.Sprintf(`
try:
    await cli("touch")(%q)
except PermissionError as e:
    return str(e)`, noHuman))
	if s, _ := out.Value.(string); !strings.Contains(s, "error") {
		t.Errorf("escalation without elicitation: value %#v error %+v", out.Value, out.Error)
	}
	if _, err := os.Stat(noHuman); !os.IsNotExist(err) {
		t.Errorf("a binary ran with nobody to ask: %v", err)
	}

	// Bypass attempts are refused by admission and never asked about.
	sh := filepath.Join(dir, "sh-ran")
	out = execute(yes, fmt.Sprintf(`
refused = []
for bad in ["../bin/sh", "sh -c", "/bin/sh", "touch;sh"]:
    try:
        await cli(bad)(%q)
        refused.append("ran")
    except PermissionError:
        refused.append("refused")
try:
    await call_tool("cli:../bin/sh", {"args": ["-c", "touch %s"]})
    refused.append("ran")
except PermissionError:
    refused.append("refused")
return refused`, sh, sh))
	if v, _ := json.Marshal(out.Value); string(v) != `["refused","refused","refused","refused","refused"]` {
		t.Errorf("bypass attempts: %s %+v", v, out.Error)
	}
	if _, err := os.Stat(sh); !os.IsNotExist(err) {
		t.Errorf("a bypass attempt ran: %v", err)
	}
	if askCount() != before {
		t.Errorf("malformed ids were escalated to the human: %q", asked[before:])
	}

	// The audit log has one escalation line per decision, in order.
	for _, cs := range []*mcp.ClientSession{yes, no, cancelled, mute} {
		cs.Close()
	}
	type line struct {
		Event, Capability, Binary, Outcome, Reason string
	}
	var got []line
	f, err := os.Open(auditPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var l line
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("audit line %q: %v", sc.Text(), err)
		}
		if l.Event == "escalation" {
			got = append(got, l)
		}
	}
	want := []line{
		{"escalation", "cli:touch", "touch", "granted", "granted"},
		{"escalation", "cli:uname", "uname", "granted", "granted"},
		{"escalation", "cli:touch", "touch", "denied", "declined"},
		{"escalation", "cli:uname", "uname", "denied", "abandoned"},
		{"escalation", "cli:touch", "touch", "denied", "error"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("escalation audit lines:\n got %v\nwant %v", got, want)
	}
}
