// Package docs holds the documents people follow to set toolplane up, and
// the tests that follow them: the README's commands run in a clean copy of
// the repository with a fresh HOME, and every client snippet of
// clients.md is started or connected to. Hermetic: no network, nothing
// outside temporary directories.
package docs

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/pelletier/go-toml/v2"

	"github.com/toolplane/toolplane/internal/e2e"
)

// repoRoot is the module's root; toolplaneBin the toolplane built from it
// once for all tests.
var repoRoot, toolplaneBin string

func TestMain(m *testing.M) {
	os.Exit(buildAndRun(m))
}

func buildAndRun(m *testing.M) int {
	root, err := filepath.Abs("..")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	repoRoot = root
	dir, err := os.MkdirTemp("", "toolplane-docs-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	toolplaneBin = filepath.Join(dir, "bin", "toolplane")
	build := exec.Command("go", "build", "-o", toolplaneBin, "./cmd/toolplane")
	build.Dir = repoRoot
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building toolplane: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// testStorageKey is a TOOLPLANE_STORAGE_KEY (32 bytes, base64), so secret
// commands use encrypted files in the test's HOME, never a real keyring.
const testStorageKey = "dG9vbHBsYW5lLWRvY3MtdGVzdC1zdG9yYWdlLWtleTI="

// world is where a test follows a document: a clean copy of the tracked
// files, a fresh HOME, and the environment every command gets.
type world struct {
	dir, home string
	env       []string
}

// newWorld copies the repository's tracked files (what a clean clone
// holds, with this checkout's edits) into a temporary directory.
func newWorld(t *testing.T) *world {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is needed to know the tracked files")
	}
	ls := exec.Command("git", "ls-files", "-z")
	ls.Dir = repoRoot
	out, err := ls.Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	w := &world{dir: filepath.Join(t.TempDir(), "repo"), home: filepath.Join(t.TempDir(), "home")}
	for _, f := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(repoRoot, f))
		if errors.Is(err, os.ErrNotExist) {
			continue // deleted in this checkout, not yet committed
		}
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(w.dir, f)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(w.home, 0o700); err != nil {
		t.Fatal(err)
	}
	w.env = []string{
		"HOME=" + w.home,
		"PATH=" + filepath.Dir(toolplaneBin) + string(os.PathListSeparator) + os.Getenv("PATH"),
		"XDG_CACHE_HOME=" + filepath.Join(w.home, ".cache"),
		"XDG_CONFIG_HOME=" + filepath.Join(w.home, ".config"),
		"TOOLPLANE_SECRET_STORE=file",
		"TOOLPLANE_STORAGE_KEY=" + testStorageKey,
		"LANG=C.UTF-8",
		// No network: an upstream a document adds (mcp.linear.app) is
		// sent to a closed local port, never out (Go skips proxies for
		// 127.0.0.1, where the test's own servers listen).
		"HTTPS_PROXY=http://127.0.0.1:9",
		"HTTP_PROXY=http://127.0.0.1:9",
		"NO_PROXY=127.0.0.1,localhost",
	}
	return w
}

// result is what one command did.
type result struct {
	stdout, stderr string
	code           int
}

// run runs argv (argv[0] "toolplane" is the built binary) in the copy.
func (w *world) run(t *testing.T, argv []string, extraEnv ...string) result {
	t.Helper()
	if argv[0] == "toolplane" {
		argv = append([]string{toolplaneBin}, argv[1:]...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = w.dir
	cmd.Env = append(slices.Clone(w.env), extraEnv...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running %q: %v", argv, err)
	}
	return result{out.String(), errb.String(), code}
}

// handshake starts argv as an MCP server over stdio and lists its tools;
// the server must offer toolplane's meta-tools.
func (w *world) handshake(t *testing.T, argv []string, extraEnv ...string) {
	t.Helper()
	if argv[0] == "toolplane" || filepath.Base(argv[0]) == "toolplane" {
		argv = append([]string{toolplaneBin}, argv[1:]...)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = w.dir
	cmd.Env = append(slices.Clone(w.env), extraEnv...)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cs, err := e2e.Client(nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("%q: no MCP handshake over stdio: %v", argv, err)
	}
	defer cs.Close()
	checkTools(t, ctx, cs, fmt.Sprint(argv))
}

func checkTools(t *testing.T, ctx context.Context, cs *mcp.ClientSession, what string) {
	t.Helper()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("%s: tools/list: %v", what, err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
	}
	if !slices.Contains(names, "execute_code") {
		t.Errorf("%s: tools %v, want toolplane's meta-tools", what, names)
	}
}

// serveHTTP starts argv (a `toolplane serve mcp --transport http ...`)
// with its --addr replaced by 127.0.0.1:0 and returns the address it
// listens on.
func (w *world) serveHTTP(t *testing.T, argv []string, extraEnv ...string) string {
	t.Helper()
	args := slices.Clone(argv[1:])
	for i := range args {
		if args[i] == "--addr" && i+1 < len(args) {
			args[i+1] = "127.0.0.1:0"
		}
	}
	cmd := exec.Command(toolplaneBin, args...)
	cmd.Dir = w.dir
	cmd.Env = append(slices.Clone(w.env), extraEnv...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e2e.Stop(cmd) })
	found := make(chan string, 1)
	var said strings.Builder
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			said.WriteString(sc.Text() + "\n")
			if u := e2e.ListenURL(sc.Text()); u != "" {
				found <- u
				break
			}
		}
		close(found)
		for sc.Scan() {
		}
	}()
	select {
	case u, ok := <-found:
		if !ok {
			t.Fatalf("%q exited without serving:\n%s", argv, said.String())
		}
		return strings.TrimSuffix(strings.TrimPrefix(u, "http://"), "/mcp")
	case <-time.After(time.Minute):
		t.Fatalf("%q did not serve within a minute", argv)
	}
	return ""
}

// headerTransport sends fixed headers.
type headerTransport map[string]string

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h {
		r.Header.Set(k, v)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// connectHTTP connects to url with headers and lists the tools; it
// returns the error of a refused connection.
func connectHTTP(t *testing.T, url string, headers map[string]string) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cs, err := e2e.Client(nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: headerTransport(headers)}}, nil)
	if err != nil {
		return err
	}
	defer cs.Close()
	checkTools(t, ctx, cs, url)
	return nil
}

// block is one fenced block of a Markdown document.
type block struct {
	lang, text string
	line       int
}

func fenced(t *testing.T, path string) []block {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []block
	var cur *block
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur = &block{lang: strings.TrimPrefix(line, "```"), line: i + 1}
		case cur != nil && strings.HasPrefix(line, "```"):
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.text += line + "\n"
		}
	}
	return out
}

// commands are the command lines of a shell block: comments and blank
// lines left out.
func commands(b block) []string {
	var out []string
	for _, line := range strings.Split(b.text, "\n") {
		if line = strings.TrimSpace(stripComment(line)); line != "" {
			out = append(out, line)
		}
	}
	return out
}

// stripComment cuts a shell comment: a # at the start or after a space,
// outside quotes.
func stripComment(line string) string {
	var quote rune
	prev := ' '
	for i, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (prev == ' ' || prev == '\t'):
			return line[:i]
		}
		prev = r
	}
	return line
}

// words splits a command line as the shell does for the forms the
// documents use: spaces separate, quotes group, nothing is expanded.
func words(line string) []string {
	var out []string
	var cur strings.Builder
	var quote rune
	in := false
	for _, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

// randomToken is a fresh bearer token, as `openssl rand -hex 32` makes.
func randomToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// parseTOML decodes a block the way the document's reader pastes it.
func parseTOML(t *testing.T, b block) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := toml.Unmarshal([]byte(b.text), &doc); err != nil {
		t.Fatalf("line %d: a TOML block that does not parse: %v\n%s", b.line, err, b.text)
	}
	return doc
}

var envRef = regexp.MustCompile(`\$\{(?:env:|input:)?([A-Za-z_][A-Za-z0-9_-]*)\}`)
