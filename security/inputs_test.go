package security_test

// Inputs: hostile JSON arguments of every meta-tool are refused with a clear
// error, never misread (overflows, NaN, wrong types).

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackHostileToolInputs sends the table of hostile meta-tool
// arguments (internal/e2e.HostileInputs: timeout 1e308, ±huge limits,
// wrong JSON types, 2 MiB strings, 10000-entry lists, deep nesting) to the
// real binary over stdio and HTTP: every refusal is a short tool error
// without Go internals, and the server keeps serving.
func TestAttackHostileToolInputs(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	bins.Transports(t, "", func(t *testing.T, e *e2e.Env, connect func() *mcp.ClientSession) {
		cs := connect()
		for _, tc := range e2e.HostileInputs() {
			res, err := e2e.TryCall(cs, tc.Tool, tc.Args)
			msg := ""
			switch {
			case err != nil:
				msg = err.Error()
			case res != nil:
				msg = e2e.Text(res)
			}
			refused := err != nil || res.IsError
			if tc.Refused && !refused {
				t.Errorf("%s: %s(%.80s) was accepted: %.300s", tc.Name, tc.Tool, tc.Args, msg)
			}
			if tc.Want != "" && !strings.Contains(msg, tc.Want) {
				t.Errorf("%s: the answer does not say %q: %.300s", tc.Name, tc.Want, msg)
			}
			if refused && len(msg) > e2e.MaxErrorBytes {
				t.Errorf("%s: the refusal is %d bytes (echoes the input?): %.300s", tc.Name, len(msg), msg)
			}
			for _, leak := range []string{"goroutine ", "panic", "interface conversion", "runtime error"} {
				if strings.Contains(msg, leak) {
					t.Errorf("%s: the answer leaks Go internals (%q): %.300s", tc.Name, leak, msg)
				}
			}
			if err != nil && tc.Drops {
				cs = connect()
			} else if err != nil {
				t.Fatalf("%s: the connection failed: %v", tc.Name, err)
			}
		}
		if v := e2e.MustRun(t, cs, "return 6 * 7"); v != float64(42) {
			t.Errorf("after the hostile inputs a plain run returned %v", v)
		}
	})
}

// TestAttackSchemasAnswerAmplified: an upstream lists 75 tools of 200 KiB
// schemas each (within every bound of a catalog). A token asks, 48 times
// at once, for all their full schemas, and searches for them at full
// detail 16 times at once: each small request had the server build, decode
// and encode again 15 MB of text (470 MiB for one request; 48 of them took
// the server past its 3 GiB cap and it died). One answer now carries at
// most 512 KiB of schemas and names the rest to be asked for later; the
// server stays within a few hundred MiB of where it was.
func TestAttackSchemasAnswerAmplified(t *testing.T) {
	t.Parallel()
	e := hostileEnv(t, "", map[string]string{"big": `args = ["-catalog", "big-schemas", "-n", "75"]`})
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("mallory", "mallory-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	pid := srv.Cmd.Process.Pid
	m := &rawSession{t: t, url: srv.URL, token: "mallory-secret-0123456789"}
	m.open()
	base := peakRSS(t, pid)
	var names []string
	for i := range 75 {
		names = append(names, fmt.Sprintf(`"mcp:big/big%d"`, i))
	}
	schemas := func(id int) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"get_capability_schemas","arguments":{"detail":"full","names":[%s]}}}`, id, strings.Join(names, ","))
	}
	search := func(id int) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"search_capabilities","arguments":{"detail":"full","limit":200,"query":"big schema"}}}`, id)
	}
	var wg sync.WaitGroup
	for i := range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &rawSession{t: t, url: srv.URL, token: m.token, id: m.id}
			body := schemas(100 + i)
			if i%4 == 3 {
				body = search(100 + i)
			}
			code, out := s.post(body)
			if code != http.StatusOK || len(out) > 2<<20 || !strings.Contains(out, "not shown") {
				t.Errorf("request %d: %d, %d bytes: %s", i, code, len(out), truncateText(out, 200))
			}
		}()
	}
	wg.Wait()
	if grown := peakRSS(t, pid) - base; grown > 600<<20 {
		t.Errorf("64 requests for schemas grew the server by %d MiB", grown>>20)
	}
	// What was left out is there to ask for.
	code, out := m.post(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_capability_schemas","arguments":{"detail":"full","names":["mcp:big/big74"]}}}`)
	if code != http.StatusOK || !strings.Contains(out, `big74`) || strings.Contains(out, "not shown") {
		t.Errorf("one omitted capability asked for alone: %d %s", code, truncateText(out, 300))
	}
}

// cpuTime is the CPU time (user and system) process pid has used.
func cpuTime(t *testing.T, pid int) time.Duration {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatalf("the toolplane process is gone: %v", err)
	}
	s := string(data)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / 100 // USER_HZ
}

// listFlood sends n tools/list requests of one token at once.
func listFlood(t *testing.T, url string, m *rawSession, n int) {
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &rawSession{t: t, url: url, token: m.token, id: m.id}
			s.post(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":{}}`, 100+i))
		}()
	}
	wg.Wait()
}

// TestAttackToolsListCPU: tools/list is one small request, and its answer
// describes execute_code from the catalog the caller sees, picking an
// example by reading every capability's schema: with 75 tools of 200 KiB
// schemas that was 0.8 s of CPU per request, so one token repeating it
// kept the server's cores busy (48 requests: 7 s of CPU, on a loaded
// machine, until their clients gave up after 30 s). The descriptions are
// built once per catalog a caller sees (0.3 s for the 48).
func TestAttackToolsListCPU(t *testing.T) {
	t.Parallel()
	e := hostileEnv(t, "", map[string]string{"big": `args = ["-catalog", "big-schemas", "-n", "75"]`})
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("mallory", "mallory-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	m := &rawSession{t: t, url: srv.URL, token: "mallory-secret-0123456789"}
	m.open()
	before := cpuTime(t, srv.Cmd.Process.Pid)
	listFlood(t, srv.URL, m, 48)
	used := cpuTime(t, srv.Cmd.Process.Pid) - before
	t.Logf("CPU used: %v", used)
	if used > 3*time.Second {
		t.Errorf("48 tools/list requests used %v of the server's CPU", used)
	}
}

// TestAttackToolsListAmplified: with [facade] tools = true, tools/list
// carries every upstream tool's input schema; 75 tools of 200 KiB schemas
// made each answer 15 MB, built and encoded about three times over, and 48
// of them at once from one admitted token took the server (GOGC 400) to
// 1.3 GiB and once past its 3 GiB address-space cap. An answer is now
// bounded by bytes (server.MaxToolPageBytes) with a cursor to the rest:
// the flood's answers are pages, the server's peak stays far below, and a
// real client still lists every tool, following the cursors.
func TestAttackToolsListAmplified(t *testing.T) {
	t.Parallel()
	e := hostileEnv(t, "", map[string]string{"big": `args = ["-catalog", "big-schemas", "-n", "75"]`})
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+"\n[facade]\ntools = true\n"+e.AddToken("mallory", "mallory-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	pid := srv.Cmd.Process.Pid
	m := &rawSession{t: t, url: srv.URL, token: "mallory-secret-0123456789"}
	m.open()
	base := peakRSS(t, pid)
	var wg sync.WaitGroup
	for i := range 48 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &rawSession{t: t, url: srv.URL, token: m.token, id: m.id}
			code, out := s.post(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":{}}`, 100+i))
			if code != http.StatusOK || len(out) > 1<<20 || !strings.Contains(out, `"nextCursor"`) {
				t.Errorf("tools/list %d: %d, %d bytes: %s", i, code, len(out), truncateText(out, 200))
			}
		}()
	}
	wg.Wait()
	grown := peakRSS(t, pid) - base
	t.Logf("48 tools/list at once: peak RSS %d MiB over a baseline of %d MiB", grown>>20, base>>20)
	if grown > 400<<20 {
		t.Errorf("48 tools/list requests grew the server by %d MiB", grown>>20)
	}

	// A client of the SDK lists every tool once, page after page.
	cs := e2e.ConnectHTTPToken(t, srv.URL, m.token, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	seen := map[string]int{}
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatalf("listing the tools: %v", err)
		}
		seen[tool.Name]++
	}
	for i := range 75 {
		if name := fmt.Sprintf("big_big%d", i); seen[name] != 1 {
			t.Errorf("tool %s listed %d times", name, seen[name])
		}
	}
	for _, name := range []string{"search_capabilities", "get_capability_schemas", "execute_code"} {
		if seen[name] != 1 {
			t.Errorf("meta-tool %s listed %d times", name, seen[name])
		}
	}
	// A cursor the server did not give is refused, not read.
	code, out := m.post(`{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{"cursor":"bm90IGEgY3Vyc29y"}}`)
	if code != http.StatusOK || !strings.Contains(out, "-32602") || !strings.Contains(out, "cursor") {
		t.Errorf("a forged cursor: %d %s", code, truncateText(out, 300))
	}
}

// TestAttackGarbageHasALimit: the binary collects at GOGC 400, so garbage
// grows to five times the live heap before a collection; it sets a soft
// memory limit so that a burst of garbage cannot take it to its cap: half
// an address-space limit (the one every attack here runs under), three
// quarters of a cgroup's or the host's memory, or GOMEMLIMIT when set.
// doctor reports the limit of its own process, which main set as serve's.
func TestAttackGarbageHasALimit(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		vars []string
		want string
	}{
		{nil, "Go memory limit 1024 MiB (half the address-space limit of 2048 MiB)"},
		{[]string{"GOMEMLIMIT=300MiB"}, "Go memory limit 300 MiB (GOMEMLIMIT=300MiB)"},
		// Accepted by Go's runtime, but the collector would never stop:
		// doctor warns and names the fix.
		{[]string{"GOMEMLIMIT=1KiB"}, "Go memory limit 0 MiB (GOMEMLIMIT=1KiB); derived:"},
		{[]string{"GOMEMLIMIT=1KiB"}, "the Go memory limit is below 256 MiB, so the collector runs nearly all the time and every client waits on it  (raise GOMEMLIMIT"},
	} {
		e := bins.NewEnv(t, "")
		e.MemoryCap = 2 << 30
		e.Vars = append(e.Vars, tc.vars...)
		out, _ := e.Toolplane("doctor", "--config", e.Config).CombinedOutput()
		if !strings.Contains(string(out), tc.want) {
			t.Errorf("%v: doctor does not say %q:\n%s", tc.vars, tc.want, out)
		}
	}
}

// TestAttackToolsListCursors: tools/list pages carry a cursor naming the
// last tool of the page. A token admitted to little replays, forges and
// borrows cursors: alice's cursor (naming one of the 75 tools bob may not
// call) gives bob a page of his own list, a cursor forged to name a tool
// or to carry a megabyte is a page of the caller's own list or -32602,
// a replayed cursor gives the same page, and 48 page requests at once
// cost what 48 first pages cost (each page is bounded; the whole list is
// gathered for each, about 7 ms of CPU). Held since the paging landed.
func TestAttackToolsListCursors(t *testing.T) {
	t.Parallel()
	e := hostileEnv(t, "", map[string]string{"big": `args = ["-catalog", "big-schemas", "-n", "75"]
startup = "eager"`})
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+"\n[facade]\ntools = true\n"+
		e.AddToken("alice", "alice-secret-0123456789", `allow = "source"`)+
		e.AddToken("bob", "bob-secret-0123456789", `allow = "server=up"`))
	srv := e.ServeHTTP(t, cfg)
	pid := srv.Cmd.Process.Pid
	alice := &rawSession{t: t, url: srv.URL, token: "alice-secret-0123456789"}
	alice.open()
	bob := &rawSession{t: t, url: srv.URL, token: "bob-secret-0123456789"}
	bob.open()
	page := func(s *rawSession, cursor string) (string, string) {
		t.Helper()
		params := "{}"
		if cursor != "" {
			params = fmt.Sprintf(`{"cursor":%q}`, cursor)
		}
		code, out := s.post(`{"jsonrpc":"2.0","id":7,"method":"tools/list","params":` + params + `}`)
		if code != http.StatusOK {
			t.Fatalf("tools/list: %d %s", code, truncateText(out, 300))
		}
		var r struct {
			Result struct {
				NextCursor string `json:"nextCursor"`
			} `json:"result"`
		}
		_ = json.Unmarshal([]byte(out), &r)
		return out, r.Result.NextCursor
	}
	first, cursor := page(alice, "")
	if cursor == "" || !strings.Contains(first, "big_big") {
		t.Fatalf("alice's first page has no cursor or no big tool: %s", truncateText(first, 300))
	}
	second, _ := page(alice, cursor)
	if again, _ := page(alice, cursor); again != second {
		t.Errorf("a replayed cursor gave another page")
	}
	forge := func(name string) string {
		return base64.RawURLEncoding.EncodeToString([]byte("toolplane.tools.after:" + name))
	}
	for what, c := range map[string]string{
		"alice's cursor":            cursor,
		"a cursor naming big_big50": forge("big_big50"),
		"a cursor naming nothing":   forge(""),
		"a cursor of a megabyte":    forge(strings.Repeat("\x1b[2J\n", 200_000)),
	} {
		out, _ := page(bob, c)
		if strings.Contains(out, "big") {
			t.Errorf("bob with %s sees alice's tools: %s", what, truncateText(out, 300))
		}
		if !strings.Contains(out, `"tools"`) && !strings.Contains(out, "-32602") {
			t.Errorf("bob with %s: %s", what, truncateText(out, 300))
		}
	}
	if _, c := page(bob, ""); c != "" {
		t.Errorf("bob's small list is paged: cursor %q", c)
	}

	base, cpu := peakRSS(t, pid), cpuTime(t, pid)
	var wg sync.WaitGroup
	for i := range 48 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &rawSession{t: t, url: srv.URL, token: alice.token, id: alice.id}
			code, out := s.post(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":{"cursor":%q}}`, 100+i, cursor))
			if code != http.StatusOK || len(out) > 1<<20 {
				t.Errorf("page %d: %d, %d bytes", i, code, len(out))
			}
		}()
	}
	wg.Wait()
	grown := peakRSS(t, pid) - base
	t.Logf("48 second pages at once: %v of CPU, peak RSS +%d MiB over %d MiB", cpuTime(t, pid)-cpu, grown>>20, base>>20)
	if grown > 300<<20 {
		t.Errorf("48 page requests grew the server by %d MiB", grown>>20)
	}
}

// TestAttackToolsListCPUPerCatalog: the meta-tools' descriptions are
// cached per catalog a caller sees, so each token admitted to a different
// set of 75 tools of 200 KiB schemas costs one build: it read every
// schema whole to pick an example (0.26 s of CPU each), so 16 such
// tokens listing once cost 4.2 s of the server's CPU, and again after
// every change of the catalog. Picking the example now reads only the
// required names: 16 builds cost about 0.2 s.
func TestAttackToolsListCPUPerCatalog(t *testing.T) {
	t.Parallel()
	e := hostileEnv(t, "", map[string]string{"big": `args = ["-catalog", "big-schemas", "-n", "75"]
startup = "eager"`})
	cfg := e.Config + ".tokens.toml"
	var tokens strings.Builder
	for i := range 16 {
		fmt.Fprintf(&tokens, "%s", e.AddToken(fmt.Sprintf("t%d", i), fmt.Sprintf("token-%d-secret-0123456789", i), fmt.Sprintf(`allow = "server=big,name!=big%d"`, i)))
	}
	e.WriteFile(t, cfg, readFile(t, e.Config)+tokens.String())
	srv := e.ServeHTTP(t, cfg)
	sessions := make([]*rawSession, 16)
	for i := range sessions {
		sessions[i] = &rawSession{t: t, url: srv.URL, token: fmt.Sprintf("token-%d-secret-0123456789", i)}
		sessions[i].open()
	}
	before := cpuTime(t, srv.Cmd.Process.Pid)
	for i, s := range sessions {
		code, out := s.post(`{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{}}`)
		if code != http.StatusOK || !strings.Contains(out, "may call 74 capabilities") {
			t.Fatalf("token %d: tools/list %d %s", i, code, truncateText(out, 300))
		}
	}
	used := cpuTime(t, srv.Cmd.Process.Pid) - before
	t.Logf("16 tokens of different catalogs, one tools/list each: %v of CPU", used)
	if used > 1500*time.Millisecond {
		t.Errorf("16 tools/list requests of tokens with different catalogs used %v of the server's CPU", used)
	}
}
