package mcp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/toolplane/toolplane/internal/childenv"
)

// ServerStatus is what `toolplane mcp status` shows for one server.
type ServerStatus struct {
	Name      string
	Transport Transport
	// Target is the command line (stdio) or URL.
	Target string
	// State is "ok", "needs_login" or "error".
	State string
	// Error says why State is not ok.
	Error string
	// Auth is "none", "headers", "bearer" (auth names a static token),
	// "oauth" (a token is in use) or the needs-login
	// hint "needs login: run `toolplane mcp login NAME`".
	Auth string
	// PID is the stdio server's process id (also its process group id), 0 when
	// not running.
	PID int
	// Tools are the upstream tool names, as listed now.
	Tools []string
	// LeftOut says which listed tools were left out of the catalog and why
	// (a name or schema toolplane does not accept from a server).
	LeftOut []string
	// ConnectLatency is the time taken to connect when Status had to start
	// the server, zero if it was already connected; ListLatency is the time of
	// the tools/list round trip Status made.
	ConnectLatency time.Duration
	ListLatency    time.Duration
	// Restarts counts connections made after the first one (crash restarts).
	Restarts int
	// LastErrors are the server's most recent errors, oldest first.
	LastErrors []string
	// StderrTail is the end of the stdio server's stderr.
	StderrTail string
}

// Status connects to the named server if needed, lists its tools and reports
// its state. A server that cannot be reached is a status (State "error" or
// "needs_login"), not an error; the error is for an unknown name.
func (m *Manager) Status(ctx context.Context, name string) (ServerStatus, error) {
	s, err := m.server(name)
	if err != nil {
		return ServerStatus{}, err
	}
	st := ServerStatus{
		Name:      name,
		Transport: s.spec.transport(),
		Target:    s.spec.target(),
		State:     "ok",
		Auth:      "none",
	}
	switch {
	case s.spec.Auth == AuthOAuth:
		st.Auth = "oauth"
	case isBearerRef(s.spec.Auth):
		st.Auth = "bearer"
	case len(s.spec.Headers) > 0:
		st.Auth = "headers"
	}

	var fail error
	wasLive := s.live() != nil
	start := time.Now()
	c, err := s.connection(ctx)
	if err != nil {
		fail = err
	} else {
		if !wasLive {
			st.ConnectLatency = time.Since(start)
		}
		tools, problems, d, err := s.listTools(ctx, c)
		if err != nil {
			s.record(err)
			fail = err
		} else {
			st.ListLatency = d
			for _, t := range tools {
				st.Tools = append(st.Tools, t.Name)
			}
			for _, p := range problems {
				st.LeftOut = append(st.LeftOut, p.Error())
			}
			s.mu.Lock()
			s.tools, s.problems = tools, problems
			s.mu.Unlock()
			s.writeCache(tools)
		}
		if c.proc != nil && !c.proc.exited() {
			st.PID = c.proc.pgid
		}
	}
	if fail != nil {
		st.State = "error"
		st.Error = s.redact.hide(s.spec.redactText(fail.Error()))
		if errors.Is(fail, ErrNeedsLogin) {
			st.State = "needs_login"
			st.Auth = fmt.Sprintf("needs login: run `toolplane mcp login %s`", name)
		}
	}

	s.mu.Lock()
	if s.starts > 1 {
		st.Restarts = s.starts - 1
	}
	for _, e := range s.errs {
		st.LastErrors = append(st.LastErrors, e.at.UTC().Format(time.RFC3339)+" "+e.err.Error())
	}
	s.mu.Unlock()
	if st.Transport == TransportStdio {
		st.StderrTail = s.stderrTail()
	}
	return st, nil
}

// Problem is one finding of Check.
type Problem struct {
	Server string
	// Fatal problems make the server unusable; the others are warnings.
	Fatal   bool
	Message string
}

// runtimeOf names the runtime a wrapper command needs, so doctor can say
// "install Node" rather than "npx: not found".
func runtimeOf(command string) string {
	switch filepath.Base(command) {
	case "npx", "npm", "pnpm", "yarn":
		return "node"
	case "bunx":
		return "bun"
	case "uvx":
		return "uv"
	}
	return ""
}

// Check inspects a spec without network or starting anything, for `toolplane
// doctor`: the spec is valid, a stdio command and the runtime it needs are on
// PATH, cwd exists, and HTTP servers that need a login are flagged.
func Check(spec ServerSpec) []Problem {
	var out []Problem
	add := func(fatal bool, format string, args ...any) {
		out = append(out, Problem{Server: spec.Name, Fatal: fatal, Message: fmt.Sprintf(format, args...)})
	}
	if err := spec.Validate(); err != nil {
		add(true, "%v", err)
		return out
	}
	if spec.transport() != TransportStdio {
		if spec.Auth == AuthOAuth {
			add(false, "uses OAuth: if `toolplane mcp status %s` says it needs login, run `toolplane mcp login %s`", spec.Name, spec.Name)
		}
		return out
	}
	// A process's arguments are not its user's alone: every user of the
	// machine reads them (ps, /proc/PID/cmdline), whatever isolates the
	// server from its siblings.
	for i, a := range spec.shownArgs() {
		if a.secret != "" {
			add(false, "args[%d] (%s) looks like a key, and every user of this machine can read a process's arguments (ps, /proc/PID/cmdline); give it through env = { NAME = \"env://VAR\" } if the server reads one, or a file only you can read", i, a.text)
		}
	}
	if spec.Cwd != "" {
		if info, err := os.Stat(spec.Cwd); err != nil || !info.IsDir() {
			add(true, "cwd %q is not a directory", spec.Cwd)
		}
	}
	// The PATH the server will get: a configured env.PATH is taken as
	// written (a reference there is not resolved by a check).
	set := map[string]string{}
	if p, ok := spec.Env["PATH"]; ok {
		set["PATH"] = p
	}
	env := childenv.Build(os.Environ(), spec.PassEnv, set)
	if _, err := lookCommand(spec.Command, spec.Cwd, env); err != nil {
		add(true, "%v", err)
	}
	if rt := runtimeOf(spec.Command); rt != "" {
		if _, err := lookCommand(rt, spec.Cwd, env); err != nil {
			add(true, "command %q needs %s, which is not on PATH: install it", spec.Command, rt)
		}
	}
	return out
}

// ServerState is what Manager.States reports of one server without
// connecting anything: for metrics and readiness.
type ServerState struct {
	Name string
	// Eager servers are connected at start (startup = "eager"); a lazy
	// one connects on first use, so being disconnected is normal for it.
	Eager bool
	// Connected: a live connection exists now. Starting: a start is in
	// progress.
	Connected, Starting bool
	// Starts counts connections made (restarts are Starts-1); Failures
	// counts failed starts and young deaths in a row (the restart
	// backoff).
	Starts, Failures int
}

// States reports every configured server's state, sorted by name. Unlike
// Status it never starts or contacts a server.
func (m *Manager) States() []ServerState {
	out := make([]ServerState, 0, len(m.names))
	for _, name := range m.names {
		s := m.servers[name]
		s.mu.Lock()
		st := ServerState{
			Name: name, Eager: s.spec.Startup == StartupEager,
			Connected: s.cur != nil && !s.cur.isDead(), Starting: s.starting != nil,
			Starts: s.starts, Failures: s.failures,
		}
		s.mu.Unlock()
		out = append(out, st)
	}
	return out
}
