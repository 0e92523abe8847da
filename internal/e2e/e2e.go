// Package e2e is the end-to-end test harness: it builds the real toolplane
// binary and the internal/testmcp upstream server once per test binary,
// gives each test a private world (HOME, toolplane.toml, audit log), starts
// `toolplane serve mcp` over stdio or Streamable HTTP, and connects the Go
// SDK's client to it, with a bearer token over HTTP.
//
// Test packages call Main from their TestMain and keep the Binaries it
// fills in:
//
//	var bins e2e.Binaries
//
//	func TestMain(m *testing.M) { os.Exit(e2e.Main(m, &bins)) }
//
//	func TestX(t *testing.T) {
//		e := bins.NewEnv(t, "")
//		cs := e2e.ConnectHTTP(t, e.HTTPURL(t))
//		...
//	}
//
// server/ uses it for its end-to-end tests and security/ for the attack
// suite. It is not a _test package so both can import it; nothing outside
// tests does.
package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/python"
)

// Binaries are the paths of the binaries Main built.
type Binaries struct {
	// Toolplane is cmd/toolplane.
	Toolplane string
	// TestMCP is internal/testmcp/cmd/testmcp, an upstream MCP server
	// speaking stdio.
	TestMCP string
	// HostileMCP is internal/hostilemcp/cmd/hostilemcp, an upstream MCP
	// server that attacks its client (stdio, or HTTP with -http).
	HostileMCP string
}

// Packages Build compiles, by import path so the working directory of the
// test does not matter. The toolplane binary is built with the tag
// toolplane_e2e, which adds the misbehaving plugins of internal/testplugin
// (inert unless a config names them in [plugins] use) and nothing else.
const (
	toolplanePkg = "github.com/toolplane/toolplane/cmd/toolplane"
	testmcpPkg   = "github.com/toolplane/toolplane/internal/testmcp/cmd/testmcp"
	hostilePkg   = "github.com/toolplane/toolplane/internal/hostilemcp/cmd/hostilemcp"
)

// Build compiles the binaries into dir, with CGO_ENABLED=0 like the
// release.
func Build(dir string) (Binaries, error) {
	b := Binaries{Toolplane: filepath.Join(dir, "toolplane"), TestMCP: filepath.Join(dir, "testmcp"), HostileMCP: filepath.Join(dir, "hostilemcp")}
	for bin, pkg := range map[string]string{b.Toolplane: toolplanePkg, b.TestMCP: testmcpPkg, b.HostileMCP: hostilePkg} {
		cmd := exec.Command("go", "build", "-tags", "toolplane_e2e", "-o", bin, pkg)
		// As the release is built (Dockerfile): a binary without cgo, so
		// what the tests attack is what ships, and no C thread takes a
		// signal Go's runtime did not expect.
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			return Binaries{}, fmt.Errorf("building %s: %w\n%s", pkg, err, out)
		}
	}
	return b, nil
}

// Main is the body of a TestMain: it builds the binaries into a temporary
// directory, stores their paths in *bins, runs the tests and removes the
// directory. It returns the exit code for os.Exit.
func Main(m *testing.M, bins *Binaries) int {
	dir, err := os.MkdirTemp("", "toolplane-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	b, err := Build(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	*bins = b
	return m.Run()
}

// The bearer token HTTP servers started by HTTPURL accept: the HTTP
// transport refuses to boot without tokens.
const (
	Token    = "e2e-bearer-token"
	TokenEnv = "TOOLPLANE_E2E_TOKEN"
)

// TokenSection admits Token to every capability (every capability has a
// source label).
const TokenSection = `
[http.tokens.e2e]
token = "env://` + TokenEnv + `"
allow = "source"
`

// Env is one test's private world: a directory holding HOME, the config
// and the audit log, and the environment servers run with.
type Env struct {
	Bins Binaries
	// Dir is the test's temporary directory and the servers' working
	// directory; HOME is Dir/home.
	Dir string
	// Config is the path of toolplane.toml; Audit the audit log it names.
	Config, Audit string
	// Vars are extra NAME=value environment variables of every server
	// started from now on (token secrets, for instance). Servers get only
	// HOME, PATH, TokenEnv and these.
	Vars []string
	// MemoryCap, when set, runs every toolplane command under an address
	// space limit of that many bytes (prlimit --as), so an attack on
	// memory that works fails the test instead of taking the machine
	// down.
	MemoryCap int64
}

// NewEnv writes a config with the audit log on and the upstream test
// server as [mcp.servers.up], followed by extra (more TOML).
func (b Binaries) NewEnv(t testing.TB, extra string) *Env {
	t.Helper()
	e := b.NewBareEnv(t)
	cfg := fmt.Sprintf(`[audit]
enabled = true
path = %q

[mcp.servers.up]
command = %q
`, e.Audit, b.TestMCP) + extra
	e.WriteFile(t, e.Config, cfg)
	return e
}

// NewBareEnv is an Env whose config is not written yet: the test writes
// e.Config itself (WriteFile).
func (b Binaries) NewBareEnv(t testing.TB) *Env {
	t.Helper()
	dir := t.TempDir()
	return &Env{Bins: b, Dir: dir, Config: filepath.Join(dir, "toolplane.toml"), Audit: filepath.Join(dir, "audit.jsonl")}
}

// WriteFile writes text to path (mode 0600), failing the test on error.
func (e *Env) WriteFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// Setenv adds NAME=value to the environment of servers started from now on.
func (e *Env) Setenv(name, value string) { e.Vars = append(e.Vars, name+"="+value) }

// Command is `toolplane serve mcp --config e.Config args...`.
func (e *Env) Command(args ...string) *exec.Cmd { return e.CommandWith(e.Config, args...) }

// CommandWith is `toolplane serve mcp --config config args...`.
func (e *Env) CommandWith(config string, args ...string) *exec.Cmd {
	return e.Toolplane(append([]string{"serve", "mcp", "--config", config}, args...)...)
}

// Toolplane is the toolplane binary with args, run in e.Dir with e's
// environment (no variables of the test process leak in but PATH).
func (e *Env) Toolplane(args ...string) *exec.Cmd {
	cmd := exec.Command(e.Bins.Toolplane, args...)
	if e.MemoryCap > 0 {
		// prlimit execs the command, so the process is toolplane itself.
		cmd = exec.Command("prlimit", append([]string{fmt.Sprintf("--as=%d", e.MemoryCap), "--", e.Bins.Toolplane}, args...)...)
	}
	cmd.Dir = e.Dir
	cmd.Env = append([]string{"HOME=" + filepath.Join(e.Dir, "home"), "PATH=" + os.Getenv("PATH"), TokenEnv + "=" + Token}, e.Vars...)
	return cmd
}

// TokenConfig writes e.Config plus TokenSection beside it and returns its
// path.
func (e *Env) TokenConfig(t testing.TB) string {
	t.Helper()
	data, err := os.ReadFile(e.Config)
	if err != nil {
		t.Fatal(err)
	}
	withToken := e.Config + ".http.toml"
	e.WriteFile(t, withToken, string(data)+TokenSection)
	return withToken
}

// Client is the MCP client of the connect helpers.
func Client(opts *mcp.ClientOptions) *mcp.Client {
	return mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "1"}, opts)
}

// Stdio starts `toolplane serve mcp` and connects to it over stdio. The
// server stops when the test ends.
func (e *Env) Stdio(t testing.TB) *mcp.ClientSession {
	t.Helper()
	return ConnectCommand(t, e.Command(), nil)
}

// ConnectCommand connects a client with opts (nil: none) to the stdio
// server cmd starts.
func ConnectCommand(t testing.TB, cmd *exec.Cmd, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	cs, err := Client(opts).Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connecting over stdio to %v: %v", cmd.Args, err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// urlLine finds the address in the line the server prints when it
// listens; other lines (an upstream's warnings) may name URLs too. With
// [log] format = "json" the line is a record whose msg says the same.
var urlLine = regexp.MustCompile(`^(?:toolplane: )?serving MCP \(Streamable HTTP\) at (http://127\.0\.0\.1:\d+/mcp)`)

// ListenURL is the MCP endpoint a line of the server's stderr announces,
// or "".
func ListenURL(line string) string {
	if strings.HasPrefix(line, "{") {
		var rec struct{ Msg string }
		if json.Unmarshal([]byte(line), &rec) != nil {
			return ""
		}
		line = rec.Msg
	} else if !strings.HasPrefix(line, "toolplane: ") {
		return ""
	}
	if m := urlLine.FindStringSubmatch(line); m != nil {
		return m[1]
	}
	return ""
}

// HTTPURL starts `toolplane serve mcp --transport http --addr 127.0.0.1:0`
// on e.Config plus TokenSection and returns the URL it prints.
func (e *Env) HTTPURL(t testing.TB) string {
	t.Helper()
	return e.ServeHTTP(t, e.TokenConfig(t)).URL
}

// Server is a running `toolplane serve mcp --transport http`.
type Server struct {
	// URL is the MCP endpoint it printed.
	URL string
	// Cmd is the process; it is interrupted when the test ends.
	Cmd    *exec.Cmd
	stderr *lockedBuffer
}

// Stderr is what the server wrote on stderr so far.
func (s *Server) Stderr() string { return s.stderr.String() }

// ServeHTTP serves config over HTTP on 127.0.0.1:0 with args added and
// fails the test when the server exits without printing its address.
func (e *Env) ServeHTTP(t testing.TB, config string, args ...string) *Server {
	t.Helper()
	srv, out := e.StartHTTP(t, config, args...)
	if srv == nil {
		t.Fatalf("serve mcp --transport http exited without printing its address:\n%s", out)
	}
	return srv
}

// StartHTTP serves config over HTTP and returns the server, or nil and
// its stderr when it exits before printing its address.
func (e *Env) StartHTTP(t testing.TB, config string, args ...string) (*Server, string) {
	t.Helper()
	cmd := e.CommandWith(config, append([]string{"--transport", "http", "--addr", "127.0.0.1:0"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	srv := &Server{Cmd: cmd, stderr: &lockedBuffer{}}
	// A failed test shows the end of serve's log: an upstream server's
	// stderr tail is withheld from HTTP clients and is only there (a
	// flaky attack test once failed on a server that "exited (exit
	// status 2)" with nothing to say why; its log held Go's "fatal
	// error: all goroutines are asleep"). Registered first, it runs after
	// serve is stopped, when the log is whole.
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the end of serve's log (stderr):\n%s", tailOf(srv.Stderr(), 16<<10))
		}
	})
	t.Cleanup(func() { Stop(cmd) })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sent := false
		for sc.Scan() {
			srv.stderr.WriteString(sc.Text() + "\n")
			if u := ListenURL(sc.Text()); u != "" && !sent {
				found <- u
				sent = true
			}
		}
		if !sent {
			close(found)
		}
	}()
	select {
	case u, ok := <-found:
		if !ok {
			return nil, srv.Stderr()
		}
		srv.URL = u
		return srv, ""
	case <-time.After(30 * time.Second):
		t.Fatalf("serve mcp --transport http printed no address within 30s:\n%s", srv.Stderr())
	}
	return nil, ""
}

// tailOf is the last n bytes of s, cut at a line start where one is near.
func tailOf(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[len(s)-n:]
	if i := strings.IndexByte(s, '\n'); i >= 0 && i < 1024 {
		s = s[i+1:]
	}
	return "...\n" + s
}

// Stop interrupts cmd and waits for it, killing it after 10 seconds.
func Stop(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		<-done
	}
}

type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (b *lockedBuffer) WriteString(s string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.b.WriteString(s)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// Bearer is an http.RoundTripper that adds "Authorization: Bearer token"
// to every request.
type Bearer string

// RoundTrip sends r with the token.
func (b Bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+string(b))
	return http.DefaultTransport.RoundTrip(r)
}

// ConnectHTTP connects to url with Token.
func ConnectHTTP(t testing.TB, url string) *mcp.ClientSession {
	t.Helper()
	return ConnectHTTPToken(t, url, Token, nil)
}

// ConnectHTTPToken connects a client with opts (nil: none) to url with
// token as its bearer token.
func ConnectHTTPToken(t testing.TB, url, token string, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	cs, err := DialHTTP(url, token, opts)
	if err != nil {
		t.Fatalf("connecting to %s: %v", url, err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// DialHTTP is ConnectHTTPToken returning the error, for tests that expect
// the connection to be refused. The caller closes the session.
func DialHTTP(url, token string, opts *mcp.ClientOptions) (*mcp.ClientSession, error) {
	return DialHTTPSession(url, token, opts, nil)
}

// DialHTTPSession is DialHTTP with session options (a protocol version,
// say: server-initiated elicitation exists up to 2025-11-25).
func DialHTTPSession(url, token string, opts *mcp.ClientOptions, sopts *mcp.ClientSessionOptions) (*mcp.ClientSession, error) {
	return Client(opts).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: Bearer(token)}}, sopts)
}

// ElicitingSession returns the session options of a client that answers
// elicitation: the protocol version that still has it.
func ElicitingSession() *mcp.ClientSessionOptions {
	return &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"}
}

// CallTimeout bounds every Call: generous, it only catches hangs.
const CallTimeout = 60 * time.Second

// Call calls tool name with args and returns the result and its
// structured content decoded as a map; a protocol error fails the test.
func Call(t testing.TB, cs *mcp.ClientSession, name string, args any) (*mcp.CallToolResult, map[string]any) {
	t.Helper()
	res, err := TryCall(cs, name, args)
	if err != nil {
		t.Fatalf("%s(%v): %v", name, args, err)
	}
	return res, Structured(res)
}

// TryCall is Call returning the protocol error.
func TryCall(cs *mcp.ClientSession, name string, args any) (*mcp.CallToolResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), CallTimeout)
	defer cancel()
	return cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
}

// Structured decodes the structured content of res as a map (nil if none).
func Structured(res *mcp.CallToolResult) map[string]any {
	if res == nil || res.StructuredContent == nil {
		return nil
	}
	var sc map[string]any
	b, _ := json.Marshal(res.StructuredContent)
	_ = json.Unmarshal(b, &sc)
	return sc
}

// Text joins the text blocks of res.
func Text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// Exec runs code with execute_code; extra are more arguments as name,
// value pairs ("timeout", 1).
func Exec(t testing.TB, cs *mcp.ClientSession, code string, extra ...any) (*mcp.CallToolResult, map[string]any) {
	t.Helper()
	args := map[string]any{"code": code}
	for i := 0; i+1 < len(extra); i += 2 {
		args[extra[i].(string)] = extra[i+1]
	}
	return Call(t, cs, "execute_code", args)
}

// MustRun runs code and returns its value, failing the test if it fails.
func MustRun(t testing.TB, cs *mcp.ClientSession, code string) any {
	t.Helper()
	res, sc := Exec(t, cs, code)
	if res.IsError {
		t.Fatalf("run of %q failed:\n%s", code, Text(res))
	}
	return sc["value"]
}

// InterpreterReady reports why the embedded interpreter cannot run a
// snippet, or nil.
func InterpreterReady() error {
	prog, err := python.Compile("<probe>", "return 1", python.CompileOptions{Snippet: true})
	if err != nil {
		return err
	}
	_, err = prog.Run(context.Background(), python.RunOptions{})
	return err
}

// NeedInterpreter skips the test when the interpreter cannot run snippets.
func NeedInterpreter(t testing.TB) {
	t.Helper()
	if err := InterpreterReady(); err != nil {
		t.Skipf("the embedded interpreter does not run snippets yet: %v", err)
	}
}

// AuditLines reads the audit log at path, one map per line. Delivery is
// asynchronous (a line is written a moment after the call that caused it
// returned), so it reads until the file has stopped growing for a while; a
// test that expects particular lines should use WaitAudit.
func AuditLines(t testing.TB, path string) []map[string]any {
	t.Helper()
	var data []byte
	stable := 0
	for deadline := time.Now().Add(5 * time.Second); stable < 5 && time.Now().Before(deadline); {
		time.Sleep(40 * time.Millisecond)
		d, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("reading the audit log: %v", err)
		}
		if len(d) > 0 && bytes.Equal(d, data) {
			stable++
		} else {
			stable = 0
		}
		data = d
	}
	return parseAudit(t, data)
}

// WaitAudit reads the audit log at path until done holds of its lines, or
// fails the test after 15 seconds (delivery is asynchronous).
func WaitAudit(t testing.TB, path string, done func(lines []map[string]any) bool) []map[string]any {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); ; {
		d, err := os.ReadFile(path)
		if err != nil && !os.IsNotExist(err) {
			t.Fatalf("reading the audit log: %v", err)
		}
		lines := parseAudit(t, d)
		if done(lines) {
			return lines
		}
		if time.Now().After(deadline) {
			t.Fatalf("the audit log never had the lines this test waits for:\n%s", d)
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// parseAudit parses complete audit lines (a last line still being written
// is left for the next read).
func parseAudit(t testing.TB, data []byte) []map[string]any {
	t.Helper()
	if i := bytes.LastIndexByte(data, '\n'); i >= 0 {
		data = data[:i+1]
	} else {
		data = nil
	}
	var out []map[string]any
	for _, ln := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if ln == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(ln), &m); err != nil {
			t.Fatalf("audit line %q is not JSON: %v", ln, err)
		}
		out = append(out, m)
	}
	return out
}

// Transports runs f in parallel subtests against a fresh server over each
// transport, stdio and http; connect opens a new client session.
func (b Binaries) Transports(t *testing.T, extraConfig string, f func(t *testing.T, e *Env, connect func() *mcp.ClientSession)) {
	t.Run("stdio", func(t *testing.T) {
		t.Parallel()
		e := b.NewEnv(t, extraConfig)
		f(t, e, func() *mcp.ClientSession { return e.Stdio(t) })
	})
	t.Run("http", func(t *testing.T) {
		t.Parallel()
		e := b.NewEnv(t, extraConfig)
		url := e.HTTPURL(t)
		f(t, e, func() *mcp.ClientSession { return ConnectHTTP(t, url) })
	})
}

// Quote renders s as a TOML (and JSON) basic string.
func Quote(s string) string { b, _ := json.Marshal(s); return string(b) }

// AddToken returns an [http.tokens.NAME] table whose secret is kept in
// the environment variable TOOLPLANE_TOKEN_NAME (added to e.Vars), with
// policy (TOML lines such as `allow = "source=mcp"`) appended.
func (e *Env) AddToken(name, secret, policy string) string {
	v := "TOOLPLANE_TOKEN_" + strings.ToUpper(strings.NewReplacer("-", "_", ".", "_").Replace(name))
	e.Setenv(v, secret)
	return fmt.Sprintf("\n[http.tokens.%s]\ntoken = \"env://%s\"\n%s\n", name, v, policy)
}

// Gate holds calls of the test server's slow tool in progress until the
// test opens it: a snippet calls Gate.Slow, the test waits until as many
// calls as it needs have begun (WaitStarted), checks what must hold while
// they are in progress, then Opens the gate and they answer. A fixed sleep
// and a fixed duration raced a loaded machine both ways: the calls had
// not begun yet, or had already ended, when the test checked.
type Gate struct{ path string }

// NewGate is a closed gate in a directory of t's.
func NewGate(t testing.TB) *Gate {
	return &Gate{path: filepath.Join(t.TempDir(), "gate")}
}

// Slow is the snippet expression of a call of up.slow that waits at most
// a minute for the gate (far beyond any bound a test checks), answering
// at once when it is open.
func (g *Gate) Slow() string { return fmt.Sprintf("up.slow(ms=60000, gate=%s)", Quote(g.path)) }

// Started is how many gated calls have begun.
func (g *Gate) Started() int {
	data, _ := os.ReadFile(g.path + ".started")
	return bytes.Count(data, []byte("\n"))
}

// WaitStarted waits until at least n gated calls have begun, and fails the
// test after a minute.
func (g *Gate) WaitStarted(t testing.TB, n int) {
	t.Helper()
	g.WaitUntil(t, fmt.Sprintf("%d gated calls to begin", n), func() bool { return g.Started() >= n })
}

// WaitUntil polls cond until it holds, and fails the test after a minute
// (what), naming how many gated calls had begun.
func (g *Gate) WaitUntil(t testing.TB, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited a minute for %s; %d gated calls began", what, g.Started())
		}
	}
}

// Open lets every gated call answer, those in progress and any to come.
func (g *Gate) Open(t testing.TB) {
	t.Helper()
	if err := os.WriteFile(g.path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
}
