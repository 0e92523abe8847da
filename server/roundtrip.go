package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Multi round-trip requests (SEP-2322). From protocol 2026-07-28 on, a
// server may not send elicitation/create while it serves a request: a tool
// that needs the human's answer returns an input-required result (the
// question as an input request, and an opaque request state), and the
// client asks its user, then sends the same tools/call again carrying the
// answer and the state. The SDK's own model is a handler that runs again
// from the start with the answers; a snippet cannot: the question comes
// from the middle of a run whose capability calls already happened. So the
// call's work goes on in the background, parked in Confirm, and the call
// that comes back with the state resumes it: the answer reaches the
// waiting question, and the call waits for the work's next question or
// its end.
//
// Who may answer is Confirm's rule, unchanged: the requesting client only
// over stdio, where its user is the local human. Over HTTP no question is
// ever handed to the requester as an input request (Confirm asks the
// approver's client), and a tools/call over HTTP that carries input
// responses or a request state is refused: a requester cannot answer its
// own question by forging or replaying the round trip. (The Streamable
// HTTP handler is stateful, so the SDK negotiates every HTTP client down
// to a protocol that still has server-initiated elicitation, which
// Confirm uses for the approver.)
//
// A request state is a random token naming one question of one parked
// call, valid for one answer, only on the MCP session, tool and arguments
// it was handed out for; a call that does not come back within
// Options.MaxTimeout is cancelled.

// minRoundTripVersion is the first protocol version without
// server-initiated requests inside a request.
const minRoundTripVersion = "2026-07-28"

// maxParkedPerSession bounds the calls of one MCP session that wait for
// an answer at once.
const maxParkedPerSession = 16

// parked is a tools/call whose work runs on while its client answers a
// question.
type parked struct {
	ss   *mcp.ServerSession
	tool string
	args []byte // the call's arguments, canonical JSON

	asks   chan *inputQuestion // Confirm's questions (unbuffered)
	done   chan callOutcome    // the work's end (buffered)
	cancel context.CancelCauseFunc
}

// inputQuestion is one question put to the client as an input request.
type inputQuestion struct {
	id      string
	message string
	answer  chan inputAnswer // buffered: the one answer
}

// inputAnswer is the human's answer, or why there is none.
type inputAnswer struct {
	answer Answer
	err    error
}

// parkedQuestion is what a request state names.
type parkedQuestion struct {
	call  *parked
	q     *inputQuestion
	timer *time.Timer // cancels the call when the client does not come back
}

// callOutcome is what a tool handler returns.
type callOutcome struct {
	res *mcp.CallToolResult
	out any
	err error
}

// roundTripKey is the context key of the parked call Confirm asks through.
type roundTripKey struct{}

// Errors of the round trip.
var (
	errNoRoundTripsOverHTTP = errors.New("inputResponses and requestState are not accepted over HTTP: a question about this request is never put to the client that made it; the [http] escalation_approver's client answers it")
	errUnknownRequestState  = errors.New("unknown, used or expired requestState: the question it named was answered, or its call ended; send the call again without inputResponses and requestState")
	errNoComeback           = errors.New("the client did not answer the input request in time, so the call was cancelled")
)

// withRoundTrips wraps a typed tool handler so that a client on protocol
// 2026-07-28 or later is asked Confirm's questions as input requests.
func withRoundTrips[In, Out any](s *Server, h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		o := s.roundTrip(ctx, req, func(ctx context.Context) callOutcome {
			res, out, err := h(ctx, req, in)
			return callOutcome{res: res, out: out, err: err}
		})
		out, _ := o.out.(Out)
		return o.res, out, o.err
	}
}

// roundTrip runs work for req: directly, unless the client takes input
// requests; then in the background, returning an input-required result
// for each of Confirm's questions. A call carrying a request state
// resumes the parked call it names.
func (s *Server) roundTrip(ctx context.Context, req *mcp.CallToolRequest, work func(context.Context) callOutcome) callOutcome {
	if req.Params.RequestState != "" || len(req.Params.InputResponses) > 0 {
		return s.resume(ctx, req)
	}
	if !takesInputRequests(req) {
		return work(ctx)
	}
	args, err := canonicalJSON(req.Params.Arguments)
	if err != nil {
		return work(ctx) // the SDK validated them; left to the handler to refuse
	}
	// The work outlives this request (it ends when the input-required
	// result is sent): it keeps the request's values, and its cancellation
	// comes from the request attached at the moment (await), the park
	// timeout, or the work's own limits.
	wctx, cancel := context.WithCancelCause(context.WithoutCancel(ctx))
	p := &parked{ss: req.Session, tool: req.Params.Name, args: args,
		asks: make(chan *inputQuestion), done: make(chan callOutcome, 1), cancel: cancel}
	wctx = context.WithValue(wctx, roundTripKey{}, p)
	go func() {
		defer cancel(nil)
		p.done <- work(wctx)
	}()
	return s.await(ctx, p)
}

// takesInputRequests reports whether Confirm's questions about req go to
// its client as input requests: over stdio, on protocol 2026-07-28 or
// later, from a client that declared it answers elicitation.
func takesInputRequests(req *mcp.CallToolRequest) bool {
	if overHTTP(req) || req.Session == nil || req.ProtocolVersion() < minRoundTripVersion {
		return false
	}
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

// await waits, attached to the request ctx serves, for the parked call's
// end or its next question.
func (s *Server) await(ctx context.Context, p *parked) callOutcome {
	select {
	case o := <-p.done:
		return o
	case q := <-p.asks:
		state, err := s.park(p, q)
		if err != nil {
			q.answer <- inputAnswer{err: err}
			return s.await(ctx, p)
		}
		return callOutcome{res: &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{q.id: &mcp.ElicitParams{Message: q.message, RequestedSchema: confirmSchema}},
			RequestState:  state,
		}}
	case <-ctx.Done():
		// The client cancelled the call (or went away): the work stops,
		// and its end says so.
		p.cancel(context.Cause(ctx))
		return <-p.done
	}
}

// park records q, handed out to p's client, under a new request state.
func (s *Server) park(p *parked, q *inputQuestion) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, pq := range s.parkedQuestions {
		if pq.call.ss == p.ss {
			n++
		}
	}
	if n >= maxParkedPerSession {
		return "", fmt.Errorf("%d calls of this session already wait for an answer", n)
	}
	if s.parkedQuestions == nil {
		s.parkedQuestions = map[string]*parkedQuestion{}
	}
	state := "rs_" + rand.Text()
	pq := &parkedQuestion{call: p, q: q}
	pq.timer = time.AfterFunc(s.opts.MaxTimeout, func() {
		if s.unpark(state) != nil {
			p.cancel(errNoComeback)
		}
	})
	s.parkedQuestions[state] = pq
	return state, nil
}

// unpark removes and returns the question state names, nil if none.
func (s *Server) unpark(state string) *parkedQuestion {
	s.mu.Lock()
	defer s.mu.Unlock()
	pq := s.parkedQuestions[state]
	delete(s.parkedQuestions, state)
	return pq
}

// resume delivers the answer a returning call carries to the question its
// request state names, then waits on for the parked call.
func (s *Server) resume(ctx context.Context, req *mcp.CallToolRequest) callOutcome {
	if overHTTP(req) {
		return callOutcome{res: textResult(req.Params.Name+": "+errNoRoundTripsOverHTTP.Error(), true)}
	}
	args, err := canonicalJSON(req.Params.Arguments)
	if err != nil {
		return callOutcome{res: textResult(req.Params.Name+": "+errUnknownRequestState.Error(), true)}
	}
	// The state is used up only by the call it was handed out for: the
	// same session, tool and arguments.
	s.mu.Lock()
	pq := s.parkedQuestions[req.Params.RequestState]
	if pq == nil || pq.call.ss != req.Session || pq.call.tool != req.Params.Name || !bytes.Equal(pq.call.args, args) {
		s.mu.Unlock()
		return callOutcome{res: textResult(req.Params.Name+": "+errUnknownRequestState.Error(), true)}
	}
	delete(s.parkedQuestions, req.Params.RequestState)
	s.mu.Unlock()
	pq.timer.Stop()
	// Anything but an explicit allow is no: a missing answer, or one to
	// another question, is a dismissal.
	answer := AnswerDismissed
	if r, ok := req.Params.InputResponses[pq.q.id].(*mcp.ElicitResult); ok {
		answer = answerOf(r)
	}
	pq.q.answer <- inputAnswer{answer: answer}
	return s.await(ctx, pq.call)
}

// ask puts a question to p's client as an input request and waits for
// the answer the returning call brings.
func (p *parked) ask(ctx context.Context, message string) (Answer, error) {
	q := &inputQuestion{id: "escalation_" + rand.Text()[:10], message: message, answer: make(chan inputAnswer, 1)}
	select {
	case p.asks <- q:
	case <-ctx.Done():
		return "", fmt.Errorf("asking the human: %w", context.Cause(ctx))
	}
	select {
	case a := <-q.answer:
		if a.err != nil {
			return "", fmt.Errorf("%w: %w", ErrNoHuman, a.err)
		}
		return a.answer, nil
	case <-ctx.Done():
		return "", fmt.Errorf("asking the human: %w", context.Cause(ctx))
	}
}

// roundTripFrom is the parked call ctx's work runs in, nil for none.
func roundTripFrom(ctx context.Context) *parked {
	p, _ := ctx.Value(roundTripKey{}).(*parked)
	return p
}

// canonicalJSON re-encodes raw arguments so that a client that sends the
// same object with other spacing or key order is recognised.
func canonicalJSON(raw json.RawMessage) ([]byte, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return []byte("null"), nil
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return json.Marshal(v)
}
