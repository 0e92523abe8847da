package security_test

// Escalation and policy bypass: no client approves its own escalation; a
// token reaches exactly what its selectors admit.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackDuplicateTokenSecrets: two [http.tokens.*] entries with the
// same secret were accepted and the broader policy won (the read-only
// token ran delete_all). The boot fails, naming file:line:col of both.
func TestAttackDuplicateTokenSecrets(t *testing.T) {
	t.Parallel()
	e := bins.NewEnv(t, "")
	cfg := e.Config + ".dup.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("admin", "shared-secret-0123456789", `allow = "source"`)+e.AddToken("readonly", "shared-secret-0123456789", `allow = "access=read"`))
	srv, out := e.StartHTTP(t, cfg)
	if srv != nil {
		t.Fatalf("served with two tokens sharing a secret")
	}
	lines := strings.Split(readFile(t, cfg), "\n")
	lineOf := func(table string) string {
		for i, l := range lines {
			if l == "["+table+"]" {
				return cfg + ":" + itoa(i+2) + ":9" // the token line after the header
			}
		}
		return "?"
	}
	for _, want := range []string{lineOf("http.tokens.readonly") + ": http.tokens.readonly.token resolves to the same secret as http.tokens.admin.token (" + lineOf("http.tokens.admin") + ")"} {
		if !strings.Contains(out, want) {
			t.Errorf("refusal does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "shared-secret") {
		t.Errorf("the refusal prints the secret:\n%s", out)
	}
}

// TestAttackDegenerateSelectors: allow = "" silently admitted everything,
// unlabeled tools included. Empty, blank and self-contradicting selectors
// fail both `serve mcp --transport http` and `config check` with
// file:line:col and the fix; a token without allow still boots and
// reaches nothing.
func TestAttackDegenerateSelectors(t *testing.T) {
	t.Parallel()
	for name, policy := range map[string]string{
		"empty allow":       `allow = ""`,
		"blank allow":       `allow = "   "`,
		"empty deny":        "allow = \"source\"\ndeny = \"\"",
		"deny meant either": "allow = \"source\"\ndeny = \"name=echo,name=slow\"",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := bins.NewEnv(t, "")
			cfg := e.Config + ".sel.toml"
			e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("ci", "ci-secret-0123456789", policy))
			srv, out := e.StartHTTP(t, cfg)
			if srv != nil {
				t.Fatalf("served with %s", policy)
			}
			check, _ := e.Toolplane("config", "check", "--config", cfg).CombinedOutput()
			for what, text := range map[string]string{"serve": out, "config check": string(check)} {
				if !strings.Contains(text, cfg+":") || !strings.Contains(text, "http.tokens.ci.") || !(strings.Contains(text, `write "source"`) || strings.Contains(text, "in (v1, v2)")) {
					t.Errorf("%s does not point at the selector with the fix:\n%s", what, text)
				}
			}
		})
	}
	t.Run("no allow reaches nothing", func(t *testing.T) {
		t.Parallel()
		e2e.NeedInterpreter(t)
		e := bins.NewEnv(t, "")
		cfg := e.Config + ".none.toml"
		e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("none", "none-secret-0123456789", ""))
		srv := e.ServeHTTP(t, cfg)
		cs := e2e.ConnectHTTPToken(t, srv.URL, "none-secret-0123456789", nil)
		res, _ := e2e.Call(t, cs, "search_capabilities", map[string]any{"query": ""})
		if strings.Contains(e2e.Text(res), "up") && strings.Contains(e2e.Text(res), "echo") {
			t.Errorf("a token without allow finds capabilities:\n%s", e2e.Text(res))
		}
		if v := e2e.MustRun(t, cs, "try:\n    await call_tool(\"mcp:up/echo\", {\"text\": \"x\"})\n    return \"ran\"\nexcept Exception as e:\n    return type(e).__name__"); v == "ran" {
			t.Errorf("a token without allow called up.echo")
		}
	})
}

// asker is an MCP client that answers every elicitation with answer and
// records the questions it got.
type asker struct {
	mu        sync.Mutex
	questions []string
	answer    func() *mcp.ElicitResult
}

func (a *asker) options() *mcp.ClientOptions {
	return &mcp.ClientOptions{ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		a.mu.Lock()
		a.questions = append(a.questions, req.Params.Message)
		answer := a.answer
		a.mu.Unlock()
		return answer(), nil
	}}
}

func (a *asker) asked() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.questions)
}

func (a *asker) set(answer func() *mcp.ElicitResult) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.answer = answer
}

func accept() *mcp.ElicitResult {
	return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"allow": true}}
}

func decline() *mcp.ElicitResult { return &mcp.ElicitResult{Action: "decline"} }

// escalateSnippet tries to run `touch path` (touch is outside the
// allowlist) and returns "ran" or the PermissionError's message.
func escalateSnippet(path string) string {
	return fmt.Sprintf(`
try:
    await cli("touch")(%q)
    return "ran"
except PermissionError as e:
    return "refused: " + str(e)`, path)
}

// TestAttackEscalationSelfApproval: with [cli] escalate = true over HTTP,
// the server asked the requesting client to approve, so any token
// admitted to source=cli approved itself and ran any binary. Now the
// requesting client is never asked: without [http] escalation_approver
// every escalation over HTTP is refused (and boot warns); with one, a
// client of the approver's token is asked, is told which subject asks,
// and decides; the approver's own requests are refused; `config check`
// flags the combination.
func TestAttackEscalationSelfApproval(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	// No cool-down: the approver's yes follows its no
	// (TestAttackEscalationFatigueAcrossRuns tests the cool-down).
	base := "\n[cli]\nmode = \"allowlist\"\nallow = [\"true\"]\nescalate = true\nescalation_cooldown = \"0s\"\n"

	t.Run("no approver", func(t *testing.T) {
		t.Parallel()
		e := bins.NewEnv(t, base)
		cfg := e.Config + ".http.toml"
		e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("ci", "ci-secret-0123456789", `allow = "source"`))
		srv := e.ServeHTTP(t, cfg)
		if !strings.Contains(srv.Stderr(), "escalations requested over HTTP are refused") {
			t.Errorf("boot does not warn about escalation without an approver:\n%s", srv.Stderr())
		}
		self := &asker{answer: accept}
		cs, err := e2e.DialHTTPSession(srv.URL, "ci-secret-0123456789", self.options(), e2e.ElicitingSession())
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		target := filepath.Join(e.Dir, "self-approved")
		v := e2e.MustRun(t, cs, escalateSnippet(target))
		if s, _ := v.(string); !strings.Contains(s, "refused") || !strings.Contains(s, "escalation_approver") {
			t.Errorf("self-escalation: %v", v)
		}
		if _, err := os.Stat(target); !os.IsNotExist(err) {
			t.Errorf("the binary ran: %v", err)
		}
		if q := self.asked(); len(q) > 0 {
			t.Errorf("the requesting client was asked: %q", q)
		}
		check, _ := e.Toolplane("config", "check", "--config", cfg).CombinedOutput()
		if !strings.Contains(string(check), "no [http] escalation_approver") {
			t.Errorf("config check does not flag escalate without an approver:\n%s", check)
		}
		doctor, _ := e.Toolplane("doctor", "--config", cfg).CombinedOutput()
		if !strings.Contains(string(doctor), "escalation over HTTP: refused") {
			t.Errorf("doctor does not state that escalation over HTTP is refused:\n%s", doctor)
		}
	})

	t.Run("approver", func(t *testing.T) {
		t.Parallel()
		e := bins.NewEnv(t, base)
		cfg := e.Config + ".http.toml"
		e.WriteFile(t, cfg, readFile(t, e.Config)+"\n[http]\nescalation_approver = \"admin\"\n"+
			e.AddToken("ci", "ci-secret-0123456789", `allow = "source"`)+e.AddToken("admin", "admin-secret-0123456789", `allow = "source"`))
		srv := e.ServeHTTP(t, cfg)
		self := &asker{answer: accept}
		ci, err := e2e.DialHTTPSession(srv.URL, "ci-secret-0123456789", self.options(), e2e.ElicitingSession())
		if err != nil {
			t.Fatal(err)
		}
		defer ci.Close()

		// No approver client connected yet: refused, nobody asked.
		early := filepath.Join(e.Dir, "early")
		if v, _ := e2e.MustRun(t, ci, escalateSnippet(early)).(string); !strings.Contains(v, "refused") {
			t.Errorf("escalation with no approver connected: %v", v)
		}

		approver := &asker{answer: decline}
		admin := connectApprover(t, srv.URL, approver.options())

		declined := filepath.Join(e.Dir, "declined")
		if v, _ := e2e.MustRun(t, ci, escalateSnippet(declined)).(string); !strings.Contains(v, "refused") || !strings.Contains(v, "declined") {
			t.Errorf("declined by the approver: %v", v)
		}
		approver.set(accept)
		granted := filepath.Join(e.Dir, "granted")
		if v := e2e.MustRun(t, ci, escalateSnippet(granted)); v != "ran" {
			t.Errorf("granted by the approver: %v", v)
		}
		if _, err := os.Stat(granted); err != nil {
			t.Errorf("the granted binary did not run: %v", err)
		}
		// The approver cannot approve its own request.
		own := filepath.Join(e.Dir, "own")
		if v, _ := e2e.MustRun(t, admin, escalateSnippet(own)).(string); !strings.Contains(v, "refused") || !strings.Contains(v, "its own") {
			t.Errorf("the approver's own escalation: %v", v)
		}
		for _, f := range []string{early, declined, own} {
			if _, err := os.Stat(f); !os.IsNotExist(err) {
				t.Errorf("%s: a refused binary ran (%v)", f, err)
			}
		}
		if q := self.asked(); len(q) > 0 {
			t.Errorf("the requesting client was asked: %q", q)
		}
		q := approver.asked()
		if len(q) != 2 || !strings.Contains(q[0], `"ci"`) || !strings.Contains(q[0], "touch "+declined) {
			t.Errorf("the approver's questions: %q", q)
		}
		check, _ := e.Toolplane("config", "check", "--config", cfg).CombinedOutput()
		if !strings.Contains(string(check), `approved by a client of "admin"`) {
			t.Errorf("config check does not name the approver:\n%s", check)
		}
		doctor, _ := e.Toolplane("doctor", "--config", cfg).CombinedOutput()
		if !strings.Contains(string(doctor), `escalation over HTTP: a connected client of "admin" approves`) {
			t.Errorf("doctor does not name the approver:\n%s", doctor)
		}
	})
}

// TestAttackEscalationQuestionLies: the question put to the human who
// approves an escalation showed the argv joined with spaces, so the
// snippet that asks wrote the question: a newline and a fake second
// paragraph, word boundaries hidden (`rm "-rf /tmp/x; ls"` shown as
// `rm -rf /tmp/x; ls`), terminal escapes, a right-to-left override that
// reverses what follows, and a megabyte of padding that pushes the real
// command out of view. The question quotes each word it cannot show
// plainly, escapes control and format characters, and is bounded.
func TestAttackEscalationQuestionLies(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	// No cool-down: every question is put and looked at.
	e := bins.NewEnv(t, "\n[cli]\nmode = \"allowlist\"\nallow = [\"true\"]\nescalate = true\nescalation_cooldown = \"0s\"\n")
	human := &asker{answer: decline}
	cs, err := e2e.Client(human.options()).Connect(context.Background(), &mcp.CommandTransport{Command: e.Command()}, e2e.ElicitingSession())
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	words := []string{
		"x\n\nThis command only lists files. It is on the read-only list. Allow it this once?",
		"x; ls",
		"\x1b[2J\x1b[1;1H",
		"\u202eelif-daer",
		"PAD",
	}
	for _, w := range words {
		arg := e2e.Quote(w)
		if w == "PAD" {
			arg = `"pad" + " " * 2**20 + "rm -rf ~"`
		}
		e2e.MustRun(t, cs, fmt.Sprintf("try:\n    await cli(\"sh\")(%s)\nexcept PermissionError:\n    pass", arg))
	}
	q := human.asked()
	if len(q) != len(words) {
		t.Fatalf("asked %d questions for %d escalations: %q", len(q), len(words), q)
	}
	for i, m := range q {
		if len(m) > 4096 {
			t.Errorf("question %d is %d bytes long", i, len(m))
		}
		for _, bad := range []string{"\n", "\x1b", "\u202e"} {
			if strings.Contains(m, bad) {
				t.Errorf("question %d carries %q from the snippet: %q", i, bad, m)
			}
		}
	}
	if !strings.Contains(q[1], `'x; ls'`) {
		t.Errorf("a word with a space is not shown quoted: %q", q[1])
	}
	if !strings.Contains(q[4], "bytes") || !strings.HasSuffix(strings.TrimSpace(q[4]), "Allow it this once?") {
		t.Errorf("the padded question is not cut visibly, or lost its end: %.300q", q[4])
	}
}

// TestAttackEscalationFatigue: a snippet could put any number of
// escalation questions to the human at once (64 in flight, 1000 a run),
// and put them again after each "no": approval by fatigue, the way push
// notifications are approved. Questions come one at a time per run and
// per requesting subject, and once the human declines or dismisses one,
// the rest of that run's escalations are refused without asking.
func TestAttackEscalationFatigue(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	const base = "\n[cli]\nmode = \"allowlist\"\nallow = [\"true\"]\nescalate = true\n"
	flood := `
import asyncio
async def ask(i):
    try:
        await cli("touch")("fatigue-%d" % i)
        return "ran"
    except PermissionError as e:
        return str(e)
return await asyncio.gather(*[ask(i) for i in range(10)])`
	check := func(t *testing.T, h *slowAsker, results []any, runs int) {
		t.Helper()
		if got := len(h.asked()); got != runs {
			t.Errorf("the human was asked %d questions for %d runs of 10 escalations each: %q", got, runs, h.asked())
		}
		if h.maxInFlight() > 1 {
			t.Errorf("%d questions were put to the human at once", h.maxInFlight())
		}
		for _, r := range results {
			if s, _ := r.(string); s == "ran" {
				t.Errorf("an escalation ran: %v", results)
			}
		}
	}
	t.Run("stdio", func(t *testing.T) {
		t.Parallel()
		e := bins.NewEnv(t, base)
		human := &slowAsker{}
		cs, err := e2e.Client(human.options()).Connect(context.Background(), &mcp.CommandTransport{Command: e.Command()}, e2e.ElicitingSession())
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		v, _ := e2e.MustRun(t, cs, flood).([]any)
		check(t, human, v, 1)
	})
	t.Run("http", func(t *testing.T) {
		t.Parallel()
		// No cool-down, so that both runs ask: they take turns.
		e := bins.NewEnv(t, base+"escalation_cooldown = \"0s\"\n")
		cfg := e.Config + ".http.toml"
		e.WriteFile(t, cfg, readFile(t, e.Config)+"\n[http]\nescalation_approver = \"admin\"\n"+
			e.AddToken("ci", "ci-secret-0123456789", `allow = "source"`)+e.AddToken("admin", "admin-secret-0123456789", `allow = "source"`))
		srv := e.ServeHTTP(t, cfg)
		approver := &slowAsker{}
		connectApprover(t, srv.URL, approver.options())
		var wg sync.WaitGroup
		results := make([][]any, 2)
		for i := range results {
			ci := e2e.ConnectHTTPToken(t, srv.URL, "ci-secret-0123456789", nil)
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := e2e.TryCall(ci, "execute_code", map[string]any{"code": flood})
				if err == nil {
					results[i], _ = e2e.Structured(res)["value"].([]any)
				}
			}()
		}
		wg.Wait()
		check(t, approver, append(results[0], results[1]...), 2)
	})
}

// slowAsker is an asker that takes a moment to decline each question and
// records how many it had at once.
type slowAsker struct {
	asker
	inFlight, most int
}

func (s *slowAsker) options() *mcp.ClientOptions {
	return &mcp.ClientOptions{ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		s.mu.Lock()
		s.questions = append(s.questions, req.Params.Message)
		s.inFlight++
		s.most = max(s.most, s.inFlight)
		s.mu.Unlock()
		time.Sleep(100 * time.Millisecond)
		s.mu.Lock()
		s.inFlight--
		s.mu.Unlock()
		return decline(), nil
	}}
}

func (s *slowAsker) maxInFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.most
}

// TestAttackEscalationRoundTripOverHTTP: with the multi round-trip flow
// of protocol 2026-07-28 (an input request returned to the caller, which
// answers by sending the call again with inputResponses and a
// requestState), a requester over HTTP could answer its own escalation.
// Over HTTP the question still goes only to the approver's client, with
// clients on the SDK's default protocol too, and a requester that sends
// execute_code with forged or guessed inputResponses and requestState
// while its escalation waits is refused and changes nothing: the
// approver's no stands, the binary does not run, and the requester is
// never asked.
func TestAttackEscalationRoundTripOverHTTP(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	// No cool-down: the approver's yes follows its no.
	e := bins.NewEnv(t, "\n[cli]\nmode = \"allowlist\"\nallow = [\"true\"]\nescalate = true\nescalation_cooldown = \"0s\"\n")
	cfg := e.Config + ".http.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+"\n[http]\nescalation_approver = \"admin\"\n"+
		e.AddToken("ci", "ci-secret-0123456789", `allow = "source"`)+e.AddToken("admin", "admin-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)

	// Both on the SDK's default protocol (nil session options).
	release := make(chan struct{})
	approver := &asker{answer: func() *mcp.ElicitResult { <-release; return decline() }}
	admin, err := e2e.DialHTTP(srv.URL, "admin-secret-0123456789", approver.options())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	self := &asker{answer: accept}
	ci, err := e2e.DialHTTP(srv.URL, "ci-secret-0123456789", self.options())
	if err != nil {
		t.Fatal(err)
	}
	defer ci.Close()
	forger, err := e2e.DialHTTPSession(srv.URL, "ci-secret-0123456789", &mcp.ClientOptions{MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true}}, &mcp.ClientSessionOptions{ProtocolVersion: "2026-07-28"})
	if err != nil {
		t.Fatal(err)
	}
	defer forger.Close()
	t.Logf("negotiated over HTTP: requester %s, approver %s", ci.InitializeResult().ProtocolVersion, admin.InitializeResult().ProtocolVersion)

	target := filepath.Join(e.Dir, "self-answered")
	code := escalateSnippet(target)
	done := make(chan *mcp.CallToolResult, 1)
	go func() {
		res, err := e2e.TryCall(ci, "execute_code", map[string]any{"code": code})
		if err != nil {
			res = &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}
		}
		done <- res
	}()
	deadline := time.Now().Add(30 * time.Second)
	for len(approver.asked()) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the approver was never asked")
		}
		time.Sleep(20 * time.Millisecond)
	}
	yes := mcp.InputResponseMap{}
	for _, id := range []string{"escalation", "escalation_0", "allow", "confirm"} {
		yes[id] = accept()
	}
	for _, state := range []string{"rs_forged", "", "run_1", strings.Repeat("A", 26)} {
		for _, cs := range []*mcp.ClientSession{ci, forger} {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": code}, RequestState: state, InputResponses: yes})
			if err != nil {
				t.Fatalf("forged round trip: %v", err)
			}
			if !res.IsError || res.NeedsInput() || !strings.Contains(e2e.Text(res), "not accepted over HTTP") {
				t.Errorf("forged round trip (state %q) not refused: %s", state, e2e.Text(res))
			}
		}
	}
	close(release)
	if res := <-done; res.IsError || !strings.Contains(fmt.Sprint(e2e.Structured(res)["value"]), "declined") {
		t.Errorf("the escalation the approver declined: %s", e2e.Text(res))
	}
	if _, err := os.Stat(target); !os.IsNotExist(err) {
		t.Errorf("the binary ran: %v", err)
	}

	// The approver's yes, still to clients on the default protocol.
	approver.set(accept)
	granted := filepath.Join(e.Dir, "granted")
	if v := e2e.MustRun(t, ci, escalateSnippet(granted)); v != "ran" {
		t.Errorf("granted by the approver: %v", v)
	}
	if q := self.asked(); len(q) > 0 {
		t.Errorf("the requesting client was asked: %q", q)
	}
	if q := approver.asked(); len(q) != 2 || !strings.Contains(q[0], `"ci"`) {
		t.Errorf("the approver's questions: %q", q)
	}
}

// TestAttackEscalationRoundTripReplay: over stdio on protocol 2026-07-28
// an escalation is an input request of the execute_code call, answered by
// sending the call again with the answer and the request state. Through
// the real binary, with the SDK's automatic round trips off: a forged
// state, a state sent with other code, a replayed state (its yes used
// again for the next binary) and a yes keyed to the earlier question
// grant nothing; only the real answer runs the one binary it was asked
// about, and the audit log has exactly those decisions.
func TestAttackEscalationRoundTripReplay(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[cli]\nmode = \"allowlist\"\nallow = [\"true\"]\nescalate = true\n")
	cs := e2e.ConnectCommand(t, e.Command(), &mcp.ClientOptions{
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return decline(), nil // never reached: the round trips are made by hand
		},
	})
	if v := cs.InitializeResult().ProtocolVersion; v != "2026-07-28" {
		t.Fatalf("negotiated %s", v)
	}
	first, second := filepath.Join(e.Dir, "first"), filepath.Join(e.Dir, "second")
	code := map[string]any{"code": fmt.Sprintf("await cli(\"touch\")(%q)\ntry:\n    await cli(\"touch\")(%q)\nexcept PermissionError as e:\n    return str(e)\nreturn \"both ran\"", first, second)}
	call := func(args any, state string, responses mcp.InputResponseMap) *mcp.CallToolResult {
		t.Helper()
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute_code", Arguments: args, RequestState: state, InputResponses: responses})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	question := func(res *mcp.CallToolResult, binary string) (string, string) {
		t.Helper()
		if !res.NeedsInput() || len(res.InputRequests) != 1 {
			t.Fatalf("want an input request about %s: %s", binary, e2e.Text(res))
		}
		for id, ir := range res.InputRequests {
			if p, ok := ir.(*mcp.ElicitParams); !ok || !strings.Contains(p.Message, "touch "+binary) {
				t.Fatalf("input request %+v does not ask about %s", ir, binary)
			}
			return id, res.RequestState
		}
		return "", ""
	}
	yes := func(id string) mcp.InputResponseMap { return mcp.InputResponseMap{id: accept()} }
	refused := func(what string, res *mcp.CallToolResult) {
		t.Helper()
		if !res.IsError || res.NeedsInput() || !strings.Contains(e2e.Text(res), "requestState") {
			t.Errorf("%s: not refused: %s", what, e2e.Text(res))
		}
	}

	q1, s1 := question(call(code, "", nil), first)
	refused("forged state", call(code, "rs_"+strings.Repeat("A", 26), yes(q1)))
	refused("other code", call(map[string]any{"code": "await cli(\"touch\")(\"x\")"}, s1, yes(q1)))
	if _, err := os.Stat(first); !os.IsNotExist(err) {
		t.Fatalf("the first binary ran before its answer: %v", err)
	}
	q2, s2 := question(call(code, s1, yes(q1)), second)
	if _, err := os.Stat(first); err != nil {
		t.Errorf("the granted binary did not run: %v", err)
	}
	refused("replayed state", call(code, s1, yes(q1)))
	res := call(code, s2, yes(q1)) // the yes to the first question
	if v := fmt.Sprint(e2e.Structured(res)["value"]); res.IsError || !strings.Contains(v, "abandoned") {
		t.Errorf("a yes keyed to the earlier question: %s", e2e.Text(res))
	}
	if _, err := os.Stat(second); !os.IsNotExist(err) {
		t.Errorf("the second binary ran on a replayed or misdirected yes: %v", err)
	}
	refused("state of an ended call", call(code, s2, yes(q2)))

	var got []string
	for _, l := range e2e.AuditLines(t, e.Audit) {
		if l["event"] == "escalation" {
			got = append(got, fmt.Sprint(l["binary"], " ", l["reason"]))
		}
	}
	if want := []string{"touch granted", "touch abandoned"}; !slices.Equal(got, want) {
		t.Errorf("escalation audit lines %q, want %q", got, want)
	}
}

// TestAttackEscalationFatigueAcrossRuns: the one question per run bound
// held within a run only, so an agent could start runs in a loop, each
// asking the human again right after the previous "no", until someone
// clicked yes. After a decline the same requester (the stdio session;
// over HTTP the token, whichever session it uses) is refused without
// asking for [cli] escalation_cooldown, whatever binary it tries; the
// refusal says how long ago the human declined and names the key; the
// audit log records each as a "cooldown" escalation decision; other
// clients and tokens are asked; after the cool-down the question is put
// again.
func TestAttackEscalationFatigueAcrossRuns(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	const cooldown = 2 * time.Second
	base := "\n[cli]\nmode = \"allowlist\"\nallow = [\"true\"]\nescalate = true\nescalation_cooldown = \"2s\"\n"
	try := func(binary, arg string) string {
		return fmt.Sprintf("try:\n    await cli(%q)(%q)\n    return \"ran\"\nexcept PermissionError as e:\n    return \"refused: \" + str(e)", binary, arg)
	}
	// burst runs several escalations in a row (runs of their own, cycling
	// binaries) after the human's first no, and checks that one question
	// was asked and each later run was refused citing the cool-down.
	// It returns a time after the human's no.
	burst := func(t *testing.T, cs *mcp.ClientSession, human *asker, dir string) time.Time {
		t.Helper()
		if v, _ := e2e.MustRun(t, cs, try("touch", filepath.Join(dir, "first"))).(string); !strings.Contains(v, "declined") {
			t.Fatalf("the first escalation: %v", v)
		}
		declined := time.Now()
		for i, bin := range []string{"touch", "mkdir", "touch", "cp"} {
			v, _ := e2e.MustRun(t, cs, try(bin, filepath.Join(dir, fmt.Sprint("again-", i)))).(string)
			for _, want := range []string{"refused", "the human declined an escalation ", "s ago", "no question is asked until the cool-down ends", "[cli] escalation_cooldown"} {
				if !strings.Contains(v, want) {
					t.Errorf("run %d (%s) after the decline does not say %q: %v", i+2, bin, want, v)
				}
			}
		}
		if q := human.asked(); len(q) != 1 {
			t.Errorf("5 runs after one decline asked %d questions: %q", len(q), q)
		}
		return declined
	}
	cooldownAudit := func(t *testing.T, path string, want int) {
		t.Helper()
		n := 0
		for _, l := range e2e.AuditLines(t, path) {
			if l["event"] == "escalation" && l["reason"] == "cooldown" {
				n++
				if l["outcome"] != "denied" {
					t.Errorf("a cool-down escalation event is not denied: %v", l)
				}
			}
		}
		if n != want {
			t.Errorf("%d cool-down escalation events in the audit log, want %d", n, want)
		}
	}

	t.Run("stdio", func(t *testing.T) {
		t.Parallel()
		e := bins.NewEnv(t, base)
		human := &asker{answer: decline}
		cs, err := e2e.Client(human.options()).Connect(context.Background(), &mcp.CommandTransport{Command: e.Command()}, e2e.ElicitingSession())
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		declined := burst(t, cs, human, e.Dir)
		// Another client (its own session) is asked meanwhile.
		other := &asker{answer: decline}
		cs2, err := e2e.Client(other.options()).Connect(context.Background(), &mcp.CommandTransport{Command: e.Command()}, e2e.ElicitingSession())
		if err != nil {
			t.Fatal(err)
		}
		defer cs2.Close()
		e2e.MustRun(t, cs2, try("touch", filepath.Join(e.Dir, "other")))
		if q := other.asked(); len(q) != 1 {
			t.Errorf("another session was asked %d questions: %q", len(q), q)
		}
		// After the cool-down the question is put again, and a yes runs it.
		time.Sleep(time.Until(declined.Add(cooldown + time.Second)))
		human.set(accept)
		after := filepath.Join(e.Dir, "after")
		if v := e2e.MustRun(t, cs, try("touch", after)); v != "ran" {
			t.Errorf("after the cool-down: %v", v)
		}
		if q := human.asked(); len(q) != 2 {
			t.Errorf("after the cool-down %d questions in all, want 2: %q", len(q), q)
		}
		if _, err := os.Stat(after); err != nil {
			t.Errorf("the granted binary did not run: %v", err)
		}
		cooldownAudit(t, e.Audit, 4)
		check, _ := e.Toolplane("config", "check", "--config", e.Config).CombinedOutput()
		if !strings.Contains(string(check), "refused without asking for 2s") || !strings.Contains(string(check), "[cli] escalation_cooldown") {
			t.Errorf("config check does not state the cool-down:\n%s", check)
		}
	})

	// Concurrent runs of one stdio client: were their questions put at
	// once, those already out when the human said no to the first would be
	// asked all the same. The session runs one snippet at a time, so the
	// others start after the no and meet the cool-down: one question.
	t.Run("stdio concurrent runs", func(t *testing.T) {
		t.Parallel()
		e := bins.NewEnv(t, base+"\n[session]\nmax_concurrent_runs = 4\nmax_concurrent_runs_per_token = 4\n")
		const runs = 3
		var mu sync.Mutex
		var questions []string
		all := make(chan struct{})
		opts := &mcp.ClientOptions{ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			mu.Lock()
			questions = append(questions, req.Params.Message)
			if len(questions) == runs {
				close(all)
			}
			mu.Unlock()
			// The human takes a while to answer the first: long enough for
			// every run to have put its question, if it could.
			select {
			case <-all:
			case <-time.After(5 * time.Second):
			case <-ctx.Done():
			}
			return decline(), nil
		}}
		cs, err := e2e.Client(opts).Connect(context.Background(), &mcp.CommandTransport{Command: e.Command()}, e2e.ElicitingSession())
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		values := make([]string, runs)
		errs := make([]error, runs)
		var wg sync.WaitGroup
		for i, bin := range []string{"touch", "mkdir", "cp"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute_code", Arguments: map[string]any{"code": try(bin, filepath.Join(e.Dir, fmt.Sprint("c", i)))}})
				if err != nil {
					errs[i] = err
					return
				}
				if res.IsError {
					errs[i] = fmt.Errorf("run failed: %s", e2e.Text(res))
					return
				}
				sc, _ := res.StructuredContent.(map[string]any)
				values[i], _ = sc["value"].(string)
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("run %d: %v", i, err)
			}
		}
		mu.Lock()
		asked := slices.Clone(questions)
		mu.Unlock()
		if len(asked) != 1 {
			t.Errorf("%d concurrent runs of one client put %d questions, want 1: %q", runs, len(asked), asked)
		}
		declined, cooling := 0, 0
		for _, v := range values {
			switch {
			case strings.Contains(v, "escalation_cooldown"):
				cooling++
			case strings.Contains(v, "declined"):
				declined++
			}
		}
		if declined != 1 || cooling != runs-1 {
			t.Errorf("runs' answers: want one declined and %d refused by the cool-down: %q", runs-1, values)
		}
	})

	// On protocol 2026-07-28 the question is an input request of the call
	// (answered by the SDK's automatic round trips): the same cool-down.
	t.Run("stdio round trip", func(t *testing.T) {
		t.Parallel()
		e := bins.NewEnv(t, base)
		human := &asker{answer: decline}
		cs := e2e.ConnectCommand(t, e.Command(), human.options())
		if v := cs.InitializeResult().ProtocolVersion; v != "2026-07-28" {
			t.Fatalf("negotiated %s", v)
		}
		burst(t, cs, human, e.Dir)
		cooldownAudit(t, e.Audit, 4)
	})

	t.Run("http", func(t *testing.T) {
		t.Parallel()
		e := bins.NewEnv(t, base)
		cfg := e.Config + ".http.toml"
		e.WriteFile(t, cfg, readFile(t, e.Config)+"\n[http]\nescalation_approver = \"admin\"\n"+
			e.AddToken("ci", "ci-secret-0123456789", `allow = "source"`)+e.AddToken("ops", "ops-secret-0123456789", `allow = "source"`)+
			e.AddToken("admin", "admin-secret-0123456789", `allow = "source"`))
		srv := e.ServeHTTP(t, cfg)
		approver := &asker{answer: decline}
		connectApprover(t, srv.URL, approver.options())
		ci := e2e.ConnectHTTPToken(t, srv.URL, "ci-secret-0123456789", nil)
		declined := burst(t, ci, approver, e.Dir)
		// A new session of the same token is refused too: a token opens
		// sessions at will.
		ci2 := e2e.ConnectHTTPToken(t, srv.URL, "ci-secret-0123456789", nil)
		if v, _ := e2e.MustRun(t, ci2, try("touch", filepath.Join(e.Dir, "new-session"))).(string); !strings.Contains(v, "escalation_cooldown") {
			t.Errorf("a new session of the declined token: %v", v)
		}
		// Another token is asked meanwhile.
		ops := e2e.ConnectHTTPToken(t, srv.URL, "ops-secret-0123456789", nil)
		if v, _ := e2e.MustRun(t, ops, try("touch", filepath.Join(e.Dir, "ops"))).(string); strings.Contains(v, "escalation_cooldown") || !strings.Contains(v, "declined") {
			t.Errorf("another token during ci's cool-down: %v", v)
		}
		if q := approver.asked(); len(q) != 2 || !strings.Contains(q[1], `"ops"`) {
			t.Errorf("the approver's questions: %q", q)
		}
		time.Sleep(time.Until(declined.Add(cooldown + time.Second)))
		approver.set(accept)
		after := filepath.Join(e.Dir, "after")
		if v := e2e.MustRun(t, ci, try("touch", after)); v != "ran" {
			t.Errorf("after the cool-down: %v", v)
		}
		if q := approver.asked(); len(q) != 3 {
			t.Errorf("after the cool-down %d questions in all, want 3: %q", len(q), q)
		}
		cooldownAudit(t, e.Audit, 5)
	})
}

// TestEscalationMetrics: escalations were in the audit stream only. With
// metrics on, /metrics counts each decision in toolplane_escalations_total
// by decision alone (no binary, no subject: a snippet picking binaries
// cannot grow the series): a granted one, a declined one and the
// cool-down refusal that follows.
func TestEscalationMetrics(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[cli]\nmode = \"allowlist\"\nallow = [\"true\"]\nescalate = true\nescalation_cooldown = \"1h\"\n")
	cfg := e.Config + ".http.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+"\n[http]\nescalation_approver = \"admin\"\nmetrics_addr = \"127.0.0.1:0\"\n"+
		e.AddToken("ci", "ci-secret-0123456789", `allow = "source"`)+e.AddToken("admin", "admin-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	gauge := metricsGauge(t, srv, e2e.NewGate(t))
	count := func(decision string) int { return gauge(`toolplane_escalations_total{decision="` + decision + `"}`) }
	for _, d := range []string{"granted", "declined", "abandoned", "cooldown", "error"} {
		if n := count(d); n != 0 {
			t.Errorf("before any escalation, %s = %d", d, n)
		}
	}

	approver := &asker{answer: accept}
	connectApprover(t, srv.URL, approver.options())
	ci := e2e.ConnectHTTPToken(t, srv.URL, "ci-secret-0123456789", nil)
	if v := e2e.MustRun(t, ci, escalateSnippet(filepath.Join(e.Dir, "granted"))); v != "ran" {
		t.Fatalf("the granted escalation: %v", v)
	}
	approver.set(decline)
	if v, _ := e2e.MustRun(t, ci, escalateSnippet(filepath.Join(e.Dir, "declined"))).(string); !strings.Contains(v, "declined") {
		t.Fatalf("the declined escalation: %v", v)
	}
	if v, _ := e2e.MustRun(t, ci, escalateSnippet(filepath.Join(e.Dir, "cooldown"))).(string); !strings.Contains(v, "escalation_cooldown") {
		t.Fatalf("the escalation during the cool-down: %v", v)
	}
	if q := approver.asked(); len(q) != 2 {
		t.Errorf("the approver was asked %d questions, want 2: %q", len(q), q)
	}
	for d, want := range map[string]int{"granted": 1, "declined": 1, "cooldown": 1, "abandoned": 0, "error": 0} {
		if n := count(d); n != want {
			t.Errorf("toolplane_escalations_total{decision=%q} = %d, want %d", d, n, want)
		}
	}
}

// TestAttackEscalationQuestionWithdrawnByTimeout: a question the human
// never answered because its run timed out (or was cancelled) while it
// was out starts the cool-down as a "no" does. Else an agent with a short
// timeout put question after question, each withdrawn before the human
// could read it, and the cool-down never began.
func TestAttackEscalationQuestionWithdrawnByTimeout(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	base := "\n[cli]\nmode = \"allowlist\"\nallow = [\"true\"]\nescalate = true\nescalation_cooldown = \"10m\"\n"
	try := func(dir, name string) string {
		return fmt.Sprintf("try:\n    await cli(\"touch\")(%q)\n    return \"ran\"\nexcept PermissionError as e:\n    return \"refused: \" + str(e)", filepath.Join(dir, name))
	}
	// silent never answers: it holds each question until it is withdrawn.
	var mu sync.Mutex
	var questions []string
	silent := &mcp.ClientOptions{ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		mu.Lock()
		questions = append(questions, req.Params.Message)
		mu.Unlock()
		select {
		case <-ctx.Done():
		case <-time.After(time.Minute):
		}
		return nil, ctx.Err()
	}}
	asked := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(questions)
	}
	// flood runs snippets that escalate with a 1 s timeout, then one more
	// without: only the first may have put a question.
	flood := func(t *testing.T, cs *mcp.ClientSession, dir string, before int) {
		t.Helper()
		for i := range 3 {
			res, sc := e2e.Exec(t, cs, try(dir, fmt.Sprint("timed-", i)), "timeout", 1)
			if i == 0 && !res.IsError {
				t.Fatalf("the first run's question was answered? %v", sc)
			}
		}
		v, _ := e2e.MustRun(t, cs, try(dir, "after")).(string)
		if !strings.Contains(v, "escalation_cooldown") {
			t.Errorf("a run after a withdrawn question was not held back by the cool-down: %v", v)
		}
		if n := asked() - before; n != 1 {
			t.Errorf("runs timing out with their question open put %d questions, want 1", n)
		}
	}
	t.Run("stdio", func(t *testing.T) {
		e := bins.NewEnv(t, base)
		cs, err := e2e.Client(silent).Connect(context.Background(), &mcp.CommandTransport{Command: e.Command()}, e2e.ElicitingSession())
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		flood(t, cs, e.Dir, asked())
	})
	t.Run("http", func(t *testing.T) {
		e := bins.NewEnv(t, base)
		cfg := e.Config + ".http.toml"
		e.WriteFile(t, cfg, readFile(t, e.Config)+"\n[http]\nescalation_approver = \"admin\"\n"+
			e.AddToken("ci", "ci-secret-0123456789", `allow = "source"`)+e.AddToken("admin", "admin-secret-0123456789", `allow = "source"`))
		srv := e.ServeHTTP(t, cfg)
		connectApprover(t, srv.URL, silent)
		ci := e2e.ConnectHTTPToken(t, srv.URL, "ci-secret-0123456789", nil)
		flood(t, ci, e.Dir, asked())
	})
}

// connectApprover connects the approver token "admin" over HTTP with a
// client answering questions by opts, and lists its tools so the server
// knows the session before any question is put; closed at the test's end.
func connectApprover(t *testing.T, url string, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	admin, err := e2e.DialHTTPSession(url, "admin-secret-0123456789", opts, e2e.ElicitingSession())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	if _, err := admin.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return admin
}
