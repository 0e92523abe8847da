package server

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestConfirmAsInputRequests: on protocol 2026-07-28 (the SDK's default,
// which forbids elicitation/create inside a request) Confirm's question
// reaches the client as an input request of the call it serves, and the
// SDK's client answers it from its elicitation handler and sends the call
// again: from a snippet (execute_code, the run parked meanwhile) and from
// a direct tool. A client without elicitation gets no input request but
// the error it got before.
func TestConfirmAsInputRequests(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	f := newFixture(t, nil)
	var asked atomic.Int32
	answer := func(action string, allow bool) *mcp.ClientOptions {
		return &mcp.ClientOptions{ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			asked.Add(1)
			if !strings.Contains(req.Params.Message, "guarded step") {
				t.Errorf("question %q", req.Params.Message)
			}
			return &mcp.ElicitResult{Action: action, Content: map[string]any{"allow": allow}}, nil
		}}
	}
	yes := f.connect(t, answer("accept", true))
	if v := yes.InitializeResult().ProtocolVersion; v < minRoundTripVersion {
		t.Fatalf("the client negotiated %s, want %s or later", v, minRoundTripVersion)
	}
	// Twice in one run: the run goes on between the round trips, keeping
	// what it did before each question.
	res, out := run(t, yes, "n = await counter.bump()\na = (await guard.ask())[\"answer\"]\nb = (await guard.ask())[\"answer\"]\nreturn [n[\"value\"], a, b]")
	mustOK(t, res, out)
	if b, _ := json.Marshal(out.Value); string(b) != `[1,"yes","yes"]` || asked.Load() != 2 {
		t.Errorf("value %s after %d questions, want [1,\"yes\",\"yes\"] after 2", b, asked.Load())
	}
	direct := callTool(t, yes, "guard_ask", map[string]any{})
	if direct.IsError || !strings.Contains(text(direct), `"answer":"yes"`) || asked.Load() != 3 {
		t.Errorf("direct tool: %s (asked %d)", text(direct), asked.Load())
	}

	no := f.connect(t, answer("accept", false))
	res, out = run(t, no, "return (await guard.ask())[\"answer\"]")
	mustOK(t, res, out)
	if out.Value != "no" {
		t.Errorf("declined: %v", out.Value)
	}
	dismissed := f.connect(t, answer("cancel", false))
	res, out = run(t, dismissed, "return (await guard.ask())[\"answer\"]")
	mustOK(t, res, out)
	if out.Value != "dismissed" {
		t.Errorf("dismissed: %v", out.Value)
	}

	before := asked.Load()
	mute := f.connect(t, nil)
	res, _ = run(t, mute, "return (await guard.ask())[\"answer\"]")
	if !res.IsError || !strings.Contains(text(res), "elicitation") || asked.Load() != before {
		t.Errorf("asking a client without elicitation: %s", text(res))
	}
	if n := parkedCount(f.srv); n != 0 {
		t.Errorf("%d questions left parked", n)
	}
}

// TestAttackInputRequestForgery: the request state of an input request
// answers one question, once, of the call it was handed out for. A
// forged state, a state sent with other arguments, to another tool or
// from another session, a replayed state, and an answer keyed to an
// earlier question are refused or read as no; nothing is granted by them.
func TestAttackInputRequestForgery(t *testing.T) {
	t.Parallel()
	needInterpreter(t)
	f := newFixture(t, nil)
	manual := &mcp.ClientOptions{
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			t.Error("the SDK answered although multi round-trip is off")
			return &mcp.ElicitResult{Action: "decline"}, nil
		},
	}
	cs := f.connect(t, manual)
	other := f.connect(t, manual)
	ctx := context.Background()
	accept := &mcp.ElicitResult{Action: "accept", Content: map[string]any{"allow": true}}
	code := map[string]any{"code": "a = (await guard.ask())[\"answer\"]\nb = (await guard.ask())[\"answer\"]\nreturn [a, b]"}
	call := func(cs *mcp.ClientSession, name string, args any, state string, responses mcp.InputResponseMap) *mcp.CallToolResult {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args, RequestState: state, InputResponses: responses})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return res
	}
	question := func(res *mcp.CallToolResult) (id, state string) {
		t.Helper()
		if !res.NeedsInput() || len(res.InputRequests) != 1 || res.RequestState == "" {
			t.Fatalf("want one input request, got %s (needs input %v, %d requests)", text(res), res.NeedsInput(), len(res.InputRequests))
		}
		for id, ir := range res.InputRequests {
			if p, ok := ir.(*mcp.ElicitParams); !ok || !strings.Contains(p.Message, "guarded step") {
				t.Fatalf("input request %T %+v", ir, ir)
			}
			return id, res.RequestState
		}
		return "", ""
	}
	refused := func(what string, res *mcp.CallToolResult) {
		t.Helper()
		if !res.IsError || res.NeedsInput() || !strings.Contains(text(res), "requestState") {
			t.Errorf("%s: not refused: %s", what, text(res))
		}
	}

	q1, s1 := question(call(cs, ToolExecute, code, "", nil))
	refused("forged state", call(cs, ToolExecute, code, "rs_forged", mcp.InputResponseMap{q1: accept}))
	refused("other arguments", call(cs, ToolExecute, map[string]any{"code": "return 1"}, s1, mcp.InputResponseMap{q1: accept}))
	refused("another tool", call(cs, "guard_ask", map[string]any{}, s1, mcp.InputResponseMap{q1: accept}))
	refused("another session", call(other, ToolExecute, code, s1, mcp.InputResponseMap{q1: accept}))
	// None of them used the state up: the real answer still lands.
	q2, s2 := question(call(cs, ToolExecute, code, s1, mcp.InputResponseMap{q1: accept}))
	if q2 == q1 || s2 == s1 {
		t.Errorf("the second question reuses the first one's id or state")
	}
	refused("replayed state", call(cs, ToolExecute, code, s1, mcp.InputResponseMap{q1: accept}))
	// The answer to the first question does not answer the second.
	res := call(cs, ToolExecute, code, s2, mcp.InputResponseMap{q1: accept})
	if res.IsError || res.NeedsInput() {
		t.Fatalf("final round: %s", text(res))
	}
	var out ExecuteOutput
	b, _ := json.Marshal(res.StructuredContent)
	_ = json.Unmarshal(b, &out)
	if v, _ := json.Marshal(out.Value); string(v) != `["yes","dismissed"]` {
		t.Errorf("value %s, want [\"yes\",\"dismissed\"]", v)
	}
	refused("state of an ended call", call(cs, ToolExecute, code, s2, mcp.InputResponseMap{q2: accept}))
	if n := parkedCount(f.srv); n != 0 {
		t.Errorf("%d questions left parked", n)
	}
}

func parkedCount(s *Server) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.parkedQuestions)
}
