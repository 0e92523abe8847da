package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ErrNoHuman is returned by Confirm when nobody can be asked: the call is
// not serving an MCP request, or the client does not support elicitation.
var ErrNoHuman = errors.New("no human to ask: the MCP client does not support elicitation")

// Answer is the human's reply to Confirm.
type Answer string

// Answers of Confirm.
const (
	AnswerYes       Answer = "yes"       // accepted and allowed
	AnswerNo        Answer = "no"        // accepted the form but did not allow, or declined
	AnswerDismissed Answer = "dismissed" // cancelled the question
)

// confirmSchema is the one-field form Confirm shows.
var confirmSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"allow": map[string]any{"type": "boolean", "title": "Allow", "description": "Allow this once"},
	},
	"required": []string{"allow"},
}

// Confirm asks a human a yes/no question about the request ctx serves (an
// execute_code run or a direct tool call), through MCP elicitation. It is
// how a policy escalates a decision (e.g. running a CLI binary outside the
// allowlist once) to a person.
//
// Who is asked depends on where the request came from, because no client
// may approve its own escalation:
//
//   - over stdio, the client itself: one local host, whose user is the
//     human at the keyboard;
//   - over HTTP, never the requesting client (a token would approve its own
//     request): the question goes to a connected client of the approver
//     subject, Options.EscalationApprover ([http] escalation_approver),
//     and says which subject asks. Without an approver, or when the
//     approver itself asks, or when no client of the approver that
//     supports elicitation is connected, Confirm fails with ErrNoApprover,
//     ErrSelfApproval or ErrNoHuman and the caller decides as if nobody
//     answered (refused).
//
// Server-initiated elicitation exists up to protocol version 2025-11-25.
// On a stdio session at a later version the question goes to the client
// as an input request of the call it serves instead (multi round-trip
// requests, see roundtrip.go); over HTTP the SDK negotiates every client
// down to a version with elicitation, and an approver session at a later
// version would not be asked.
//
// A snippet could otherwise have the human approve by fatigue: questions
// are put one at a time per run (and over HTTP one at a time per
// requesting subject), and once the human declined or dismissed one, the
// rest of that run's questions fail with ErrDeclinedInRun without asking.
// Across runs, once the human declined or dismissed a question, the same
// requester's questions fail with a *CooldownError without asking for
// Options.EscalationCooldown ([cli] escalation_cooldown): an agent
// starting runs in a loop cannot put the question again right after each
// "no". The requester is the client's session over stdio and the token's
// subject over HTTP (a token opens sessions at will); the cool-down is
// not per binary, so cycling binaries asks nothing either. A yes starts
// no cool-down.
func Confirm(ctx context.Context, message string) (Answer, error) {
	req := ToolRequest(ctx)
	if req == nil || req.Session == nil {
		return "", ErrNoHuman
	}
	q, _ := ctx.Value(questionsKey{}).(*questions)
	if q == nil {
		return confirm(ctx, req, message)
	}
	select {
	case q.turn <- struct{}{}:
	case <-ctx.Done():
		return "", context.Cause(ctx)
	}
	defer func() { <-q.turn }()
	if q.declined {
		return "", ErrDeclinedInRun
	}
	answer, err := confirm(ctx, req, message)
	if err == nil && answer != AnswerYes {
		q.declined = true
	}
	return answer, err
}

// questionsKey is the context key of a request's questions.
type questionsKey struct{}

// questions is the state of the questions one request (a run, a direct
// call) puts to the human: whose turn it is, and whether one was declined.
type questions struct {
	turn     chan struct{} // holds a token while a question is out
	declined bool          // read and written by the holder of turn
}

// withRequest is ctx serving req: Confirm finds the request, the server
// and the request's questions through it.
func (s *Server) withRequest(ctx context.Context, req *mcp.CallToolRequest) context.Context {
	ctx = context.WithValue(ctx, toolRequestKey{}, req)
	ctx = context.WithValue(ctx, serverKey{}, s)
	return context.WithValue(ctx, questionsKey{}, &questions{turn: make(chan struct{}, 1)})
}

func confirm(ctx context.Context, req *mcp.CallToolRequest, message string) (Answer, error) {
	if overHTTP(req) {
		s, _ := ctx.Value(serverKey{}).(*Server)
		if s == nil {
			return "", ErrNoApprover
		}
		return s.confirmByApprover(ctx, req, message)
	}
	s, _ := ctx.Value(serverKey{}).(*Server)
	who := requester{session: req.Session}
	if err := s.coolingDown(who); err != nil {
		return "", err
	}
	var answer Answer
	var err error
	if p := roundTripFrom(ctx); p != nil {
		// Protocol 2026-07-28 or later: the question goes back to this
		// (stdio) client as an input request of the call it serves.
		answer, err = p.ask(ctx, message)
	} else {
		answer, err = ask(ctx, req.Session, message)
	}
	s.noteAnswer(who, answer, err, ctx.Err() != nil)
	return answer, err
}

// requester is whose questions a cool-down holds back: the client's
// session over stdio, the token's subject over HTTP.
type requester struct {
	session *mcp.ServerSession
	subject string
}

// CooldownError is Confirm's refusal while a requester's cool-down runs:
// the human declined or dismissed one of its questions Ago, and is not
// asked again until Left has passed.
type CooldownError struct {
	Ago, Left, Cooldown time.Duration
}

func (e *CooldownError) Error() string {
	return fmt.Sprintf("the human declined an escalation %ds ago; no question is asked until the cool-down ends in %ds ([cli] escalation_cooldown = %q)",
		int(e.Ago.Seconds()), int(e.Left.Seconds()+0.999), e.Cooldown.String())
}

// coolingDown is a *CooldownError while who's cool-down runs, else nil.
func (s *Server) coolingDown(who requester) error {
	if s == nil || s.opts.EscalationCooldown <= 0 {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	at, ok := s.declined[who]
	if !ok {
		return nil
	}
	ago := time.Since(at)
	if ago >= s.opts.EscalationCooldown {
		delete(s.declined, who)
		return nil
	}
	return &CooldownError{Ago: ago, Left: s.opts.EscalationCooldown - ago, Cooldown: s.opts.EscalationCooldown}
}

// noteAnswer starts who's cool-down when the human declined or
// dismissed a question, or when the question was withdrawn unanswered
// because its request ended (withdrawn: the run timed out or was
// cancelled while it was out; else a run with a short timeout could put
// question after question, each gone before the human reads it), not
// when nobody could be asked, nor on a yes.
func (s *Server) noteAnswer(who requester, answer Answer, err error, withdrawn bool) {
	if s == nil || s.opts.EscalationCooldown <= 0 || answer == AnswerYes ||
		(err != nil && (!withdrawn || errors.Is(err, ErrNoHuman))) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.declined == nil {
		s.declined = map[requester]time.Time{}
	}
	// Expired entries go, so the map holds only requesters cooling down.
	for k, at := range s.declined {
		if time.Since(at) >= s.opts.EscalationCooldown {
			delete(s.declined, k)
		}
	}
	s.declined[who] = time.Now()
}

// Errors of Confirm over HTTP.
var (
	ErrNoApprover   = errors.New("no approver is configured: over HTTP a question is never put to the client that asked (a token would approve itself); set [http] escalation_approver to the subject of a separate token whose client answers")
	ErrSelfApproval = errors.New("the approver's own request cannot be approved by the approver: no client approves its own escalation")
	// ErrDeclinedInRun: the human declined or dismissed an earlier
	// question of the same run, which is not asked again.
	ErrDeclinedInRun = errors.New("the human declined an earlier escalation of this run, so no more are asked in it")
)

// overHTTP reports whether req came through the Streamable HTTP handler
// (stdio requests carry no headers).
func overHTTP(req *mcp.CallToolRequest) bool {
	extra := req.GetExtra()
	return extra != nil && (extra.Header != nil || extra.TokenInfo != nil)
}

type serverKey struct{}

// confirmByApprover puts the question to the most recently active client
// of the approver subject that supports elicitation, naming who asks.
func (s *Server) confirmByApprover(ctx context.Context, req *mcp.CallToolRequest, message string) (Answer, error) {
	approver := s.opts.EscalationApprover
	if approver == "" {
		return "", ErrNoApprover
	}
	who := s.callerOf(req)
	if who.subject == approver {
		return "", ErrSelfApproval
	}
	ss := s.approverSession(approver)
	if ss == nil {
		return "", fmt.Errorf("%w: no client of the approver %q that supports elicitation is connected", ErrNoHuman, approver)
	}
	asker := who.subject
	if asker == "" {
		asker = anonymousSubject
	}
	// One question at a time per requesting subject: its sessions and
	// runs together do not flood the approver.
	turn := s.askTurn(asker)
	select {
	case turn <- struct{}{}:
	case <-ctx.Done():
		return "", context.Cause(ctx)
	}
	defer func() { <-turn }()
	// Checked holding the turn: a run that waited for it behind a
	// question the human declined is not asked either.
	if err := s.coolingDown(requester{subject: asker}); err != nil {
		return "", err
	}
	// The question belongs to the approver's session, not to the request
	// ctx serves: a context carrying that request's values would make the
	// SDK send it on the requester's stream. Only the cancellation is kept.
	qctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	if d, ok := ctx.Deadline(); ok {
		var dcancel context.CancelFunc
		qctx, dcancel = context.WithDeadline(qctx, d)
		defer dcancel()
	}
	answer, err := ask(qctx, ss, fmt.Sprintf("Token subject %q (request log id %s) asks: %s", asker, who.logID, message))
	s.noteAnswer(requester{subject: asker}, answer, err, qctx.Err() != nil)
	return answer, err
}

// askTurn is the one-slot semaphore of subject's questions to the approver.
func (s *Server) askTurn(subject string) chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.askTurns == nil {
		s.askTurns = map[string]chan struct{}{}
	}
	turn, ok := s.askTurns[subject]
	if !ok {
		turn = make(chan struct{}, 1)
		s.askTurns[subject] = turn
	}
	return turn
}

// ask elicits a yes/no answer from the client of ss.
func ask(ctx context.Context, ss *mcp.ServerSession, message string) (Answer, error) {
	if ip := ss.InitializeParams(); ip == nil || ip.Capabilities == nil || ip.Capabilities.Elicitation == nil {
		return "", ErrNoHuman
	}
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: message, RequestedSchema: confirmSchema})
	if err != nil {
		return "", fmt.Errorf("asking the human: %w", err)
	}
	return answerOf(res), nil
}

// answerOf reads the one-field form's result: only an accepted form with
// allow set to true is yes.
func answerOf(res *mcp.ElicitResult) Answer {
	switch res.Action {
	case "accept":
		if allow, _ := res.Content["allow"].(bool); allow {
			return AnswerYes
		}
		return AnswerNo
	case "decline":
		return AnswerNo
	}
	return AnswerDismissed
}

// trackSubjects records the subject of every HTTP MCP session (the SDK
// keeps a session to the subject that opened it), so Confirm can find the
// approver's clients.
func (s *Server) trackSubjects() {
	s.mcp.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			ss, _ := req.GetSession().(*mcp.ServerSession)
			extra := req.GetExtra()
			if ss == nil || extra == nil || extra.Header == nil {
				return next(ctx, method, req) // not HTTP
			}
			subject := s.callerOf(req).subject
			s.noteSubject(ss, subject)
			res, err := next(ctx, method, req)
			if method == "initialize" && err == nil {
				s.capMCPSessions(ss, subject)
			}
			return res, err
		}
	})
}

// MCPSessionsFactor scales the session caps of Options.Sessions into caps
// on open MCP sessions over HTTP (per subject and in all). A client that
// only initializes creates no toolplane session, yet the SDK keeps its
// MCP session until it idles out: without a cap, initialize in a loop
// would grow the server without bound. The factor leaves room so that
// ordinary eviction happens among toolplane sessions, with a notice.
const MCPSessionsFactor = 4

// capMCPSessions closes HTTP MCP sessions while there are more than the
// caps, never ss, the one subject just initialized: over the subject's
// cap its own least recently active; over the server's the least recently
// active among its own and those of the subjects holding more MCP
// sessions than it does, never one of a subject holding as many or fewer
// (closing an MCP session drops its toolplane session: two tokens that
// only initialized, each within its cap, closed a calm token's idle
// session and its globals). It is the rule session.Manager evicts
// toolplane sessions by; as there, a newcomer may close a session of a
// token holding one, so there is always a victim. Their clients get
// "session not found" and initialize again.
func (s *Server) capMCPSessions(ss *mcp.ServerSession, subject string) {
	opts := s.sessions.Options()
	perSubject, total := opts.MaxSessionsPerSubject*MCPSessionsFactor, opts.MaxSessions*MCPSessionsFactor
	var victims []*mcp.ServerSession
	s.mu.Lock()
	for {
		// held counts the sessions left of each subject but ss.
		held := map[string]int{}
		all := 1
		for o, sub := range s.subjects {
			if o != ss && !slices.Contains(victims, o) {
				held[sub]++
				all++
			}
		}
		mine := held[subject]
		var lru *mcp.ServerSession
		pick := func(eligible func(sub string) bool) {
			for o, sub := range s.subjects {
				if o == ss || slices.Contains(victims, o) || !eligible(sub) {
					continue
				}
				if lru == nil || s.seen[o].Before(s.seen[lru]) {
					lru = o
				}
			}
		}
		switch {
		case mine+1 > perSubject:
			pick(func(sub string) bool { return sub == subject })
		case all > total:
			pick(func(sub string) bool { return sub == subject || held[sub] > mine })
		}
		if lru == nil {
			s.mu.Unlock()
			for _, v := range victims {
				_ = v.Close()
			}
			return
		}
		victims = append(victims, lru)
	}
}

// noteSubject records ss as a session of subject, most recent last, and
// forgets it when it closes.
func (s *Server) noteSubject(ss *mcp.ServerSession, subject string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, known := s.subjects[ss]; known {
		s.seen[ss] = time.Now()
		return
	}
	s.subjects[ss] = subject
	s.seen[ss] = time.Now()
	go func() {
		_ = ss.Wait()
		s.mu.Lock()
		delete(s.subjects, ss)
		delete(s.seen, ss)
		s.mu.Unlock()
	}()
}

// approverSession is the most recently active session of subject whose
// client supports elicitation, nil when there is none.
func (s *Server) approverSession(subject string) *mcp.ServerSession {
	s.mu.Lock()
	defer s.mu.Unlock()
	var best *mcp.ServerSession
	for ss, sub := range s.subjects {
		if sub != subject {
			continue
		}
		if ip := ss.InitializeParams(); ip == nil || ip.Capabilities == nil || ip.Capabilities.Elicitation == nil || ip.ProtocolVersion >= minRoundTripVersion {
			continue // cannot be sent elicitation/create
		}
		if best == nil || s.seen[ss].After(s.seen[best]) {
			best = ss
		}
	}
	return best
}
