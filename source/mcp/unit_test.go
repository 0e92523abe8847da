package mcp

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestRingBuffer(t *testing.T) {
	t.Parallel()
	r := newRingBuffer(8)
	var want strings.Builder
	for _, chunk := range []string{"ab", "cdef", "ghij", "k", "", "lmnopqrstuvwxyz", "12", "345"} {
		if n, err := r.Write([]byte(chunk)); n != len(chunk) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", chunk, n, err)
		}
		want.WriteString(chunk)
		w := want.String()
		if len(w) > 8 {
			w = w[len(w)-8:]
		}
		if got := string(r.Bytes()); got != w {
			t.Fatalf("after %q: Bytes() = %q, want %q", chunk, got, w)
		}
	}
	r = newRingBuffer(16)
	_, _ = r.Write([]byte("first line\nsecond\nthird\n"))
	if got := r.Tail(12); got != "third" {
		t.Errorf("Tail(12) = %q, want the last whole line", got)
	}
}

func TestSpecValidate(t *testing.T) {
	t.Parallel()
	cases := []struct {
		spec ServerSpec
		want string // substring of the error, "" for valid
	}{
		{ServerSpec{Name: "a", Command: "srv"}, ""},
		{ServerSpec{Name: "a", URL: "https://h/mcp", Transport: TransportSSE, Auth: AuthOAuth}, ""},
		{ServerSpec{Name: "a"}, "[mcp.servers.a]: needs command (stdio) or url (http, sse)"},
		{ServerSpec{Name: "a/b", Command: "srv"}, "must not contain"},
		{ServerSpec{Name: "a", Command: "srv", URL: "http://h"}, "has both command and url"},
		{ServerSpec{Name: "a", URL: "ftp://h"}, "must start with http:// or https://"},
		{ServerSpec{Name: "a", URL: "http://h", Transport: "grpc"}, `transport = "grpc"`},
		{ServerSpec{Name: "a", Command: "srv", Headers: map[string]string{"X": "y"}}, "headers and auth apply to url servers only"},
		{ServerSpec{Name: "a", Command: "srv", Startup: "soon"}, `startup = "soon"`},
		{ServerSpec{Name: "a", URL: "http://h", Auth: "basic"}, `auth = "basic"`},
		{ServerSpec{Name: "a", Command: "srv", Timeout: -time.Second}, "negative"},
		{ServerSpec{Name: "a", Command: "srv", Tools: map[string]ToolOverride{"x": {Alias: "y"}, "y": {}}}, `both become "y"`},
		{ServerSpec{Name: "a", Command: "srv", Tools: map[string]ToolOverride{"x": {Alias: "y"}, "y": {Disabled: true}}}, ""},
	}
	for _, tc := range cases {
		err := tc.spec.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%+v: unexpected error %v", tc.spec, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%+v: error %v, want one containing %q", tc.spec, err, tc.want)
		}
	}
}

func TestOffendingLine(t *testing.T) {
	t.Parallel()
	tail := []byte(`"id":1}` + "\n" + "Listening on stdio\n" + `{"jsonrpc":"2.0","id":2,"result":{}}` + "\n")
	if got := offendingLine(tail, true); got != "Listening on stdio" {
		t.Errorf("offendingLine = %q", got)
	}
	// A cut first line is not blamed; an uncut one is.
	tail = []byte(`"id":1}` + "\n" + `{"jsonrpc":"2.0","id":2,"result":{}}` + "\n")
	if got := offendingLine(tail, false); got != `"id":1}` {
		t.Errorf("uncut: offendingLine = %q", got)
	}
	if got := offendingLine(tail, true); got == `"id":1}` {
		t.Errorf("cut: blamed the partial first line")
	}
}

func TestCheckRuntime(t *testing.T) {
	t.Parallel()
	// With an empty PATH neither the wrapper nor its runtime can be found;
	// both are reported, the runtime by name.
	probs := Check(ServerSpec{Name: "n", Command: "npx", Args: []string{"-y", "some-server"}, Env: map[string]string{"PATH": t.TempDir()}})
	var msgs []string
	for _, p := range probs {
		if !p.Fatal || p.Server != "n" {
			t.Errorf("problem %+v should be fatal and name the server", p)
		}
		msgs = append(msgs, p.Message)
	}
	if len(msgs) != 2 || !strings.Contains(msgs[0], `command "npx" not found on PATH`) || msgs[1] != `command "npx" needs node, which is not on PATH: install it` {
		t.Errorf("Check = %q", msgs)
	}
	if probs := Check(ServerSpec{Name: "o", URL: "https://h/mcp", Auth: AuthOAuth}); len(probs) != 1 || probs[0].Fatal {
		t.Errorf("OAuth server: %+v", probs)
	}
	if probs := Check(ServerSpec{Name: "c", Command: "sh", Cwd: "/nonexistent-dir"}); len(probs) != 1 || !strings.Contains(probs[0].Message, `cwd "/nonexistent-dir" is not a directory`) {
		t.Errorf("bad cwd: %+v", probs)
	}
}

// TestAttackKeyInArgs: a key written in a stdio server's arguments is
// readable by every user of the machine (ps, /proc/PID/cmdline), not only
// by processes of toolplane's user; Check names the argument, not its
// value, and says where the key belongs instead.
func TestAttackKeyInArgs(t *testing.T) {
	t.Parallel()
	const key = "sk-live-0123456789abcdef0123"
	probs := Check(ServerSpec{Name: "k", Command: "sh", Args: []string{"server.js", "--api-key", key, "--token=" + key, "--verbose"}})
	var msgs []string
	for _, p := range probs {
		if p.Fatal || strings.Contains(p.Message, key) {
			t.Errorf("problem %+v should be a warning without the key", p)
		}
		msgs = append(msgs, p.Message)
	}
	const tail = " looks like a key, and every user of this machine can read a process's arguments (ps, /proc/PID/cmdline); give it through env = { NAME = \"env://VAR\" } if the server reads one, or a file only you can read"
	want := []string{"args[2] (…)" + tail, "args[3] (--token=…)" + tail}
	if !slices.Equal(msgs, want) {
		t.Errorf("Check = %q\nwant %q", msgs, want)
	}
}

// TestAttackCallerEndsServerAtEachRetry: a caller that ends the server as
// soon as its back-off lets it (blameLocked) stays at restartBackoffMax.
// Its count started again stableAfter after its last death, and the
// longest back-off is as long as that: each wait of 30 s was followed by
// no back-off at all, 8 deaths in 62 s over and over (39 in 5 minutes)
// instead of one in 30 s once the back-off reached it.
func TestAttackCallerEndsServerAtEachRetry(t *testing.T) {
	t.Parallel()
	s := &server{}
	now := time.Unix(1e9, 0)
	end := now.Add(5 * time.Minute)
	deaths := 0
	for now.Before(end) {
		s.blameLocked("mallory", 10*time.Millisecond, now)
		deaths++
		now = s.blamed["mallory"].retryAt.Add(10 * time.Millisecond)
	}
	// The ramp to the longest back-off is 0+0.5+1+2+4+8+16 s; past it,
	// one death in restartBackoffMax.
	ramp := 31500 * time.Millisecond
	want := 8 + int((5*time.Minute-ramp)/restartBackoffMax)
	if deaths > want {
		t.Errorf("a caller ending the server at each retry ended it %d times in 5 minutes, want at most %d (one in %s past the ramp)", deaths, want, restartBackoffMax)
	}
	// A caller whose back-off ended stableAfter ago with no death of its
	// starts again from none.
	s.blameLocked("alice", 10*time.Millisecond, now)
	s.blameLocked("alice", 10*time.Millisecond, now.Add(time.Second))
	b := s.blamed["alice"]
	later := b.retryAt.Add(stableAfter)
	s.blameLocked("alice", 10*time.Millisecond, later)
	if b := s.blamed["alice"]; b.failures != 1 || b.retryAt != later {
		t.Errorf("a caller with no death for %s after its back-off: failures %d, retry in %s; want 1, none", stableAfter, b.failures, b.retryAt.Sub(later))
	}
	if _, ok := s.blamed["mallory"]; ok {
		t.Errorf("mallory is still held %s after its back-off ended", later.Sub(s.blamed["mallory"].retryAt))
	}
}

// TestAttackCallerCancelsCallThatEndsServer: a caller whose call ends the
// server a moment after it is sent, and who stops waiting for it first
// (a snippet's wait_for), had the death counted against the server, so
// every caller's calls were held back, or against another caller whose
// call was in progress. The cancelled call now counts for cutShortGrace.
func TestAttackCallerCancelsCallThatEndsServer(t *testing.T) {
	t.Parallel()
	s, c := &server{}, &conn{}
	s.track(c, "mallory")(true, true)
	alice := s.track(c, "alice")
	s.died(c, 10*time.Millisecond)
	alice(false, false)
	if s.blamed["mallory"] == nil {
		t.Errorf("the death is not counted against the caller that cancelled its call just before it: blamed %v", s.blamed)
	}
	if s.failures != 0 {
		t.Errorf("the death is counted against the server (every caller's back-off): %d failures", s.failures)
	}
	// A call its caller cancelled longer ago is not what ended the server.
	s, c = &server{}, &conn{}
	s.track(c, "bob")(true, true)
	c.cutShort["bob"] = c.cutShort["bob"].Add(-cutShortGrace)
	s.died(c, 10*time.Millisecond)
	if s.blamed["bob"] != nil || s.failures != 1 {
		t.Errorf("a call cancelled %s before the death: blamed %v, server failures %d; want the server's", cutShortGrace, s.blamed, s.failures)
	}
}
