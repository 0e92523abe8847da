package security_test

// A subverted sandbox worker attacking the host over the bridge: a worker
// is assumed to run whatever Go code an attacker managed to make it run
// (the e2e build's worker hooks stand in for that), so everything it sends
// is hostile. The host must stay within a bounded memory, answer the run
// that did it with a clear error, and keep serving everyone else.

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackWorkerFloodsTheHost: a subverted worker sends what is small
// on the wire and large in the host. Each costs the run that did it its
// worker and a clear error; the host's peak memory stays within a bound
// and another session keeps its globals. Before the fix:
//
//	callflood  two million calls of a name the run did not bind, none of
//	           the replies read: a goroutine per reply, the host at 3 GiB
//	bigresult  a result of eight million empty lists in one 16 MiB
//	           frame: accepted, the host at 840 MiB
//	bignames   a result listing four million global names: the host at
//	           94 MiB for one run
//
// A snippet that returns what would cost the host too much (not a
// subverted worker) gets a ValueError that names the limit, and keeps its
// session.
func TestAttackWorkerFloodsTheHost(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, `
[session]
max_memory_mb = 512
`)
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	pid := srv.Cmd.Process.Pid
	a := e2e.ConnectHTTP(t, srv.URL)
	b := e2e.ConnectHTTP(t, srv.URL)
	e2e.MustRun(t, a, `x = "a's globals"`)
	e2e.MustRun(t, b, `return 1`)
	base := peakRSS(t, pid)
	t.Logf("host peak RSS before: %d MiB", base>>20)
	for _, c := range []struct{ hook, cause string }{
		{"callflood", `it called "nope", which the run did not bind`},
		{"bigresult", "items"},
		{"bignames", "global names listed, at most"},
	} {
		res, _ := e2e.Exec(t, b, "# sandbox-test-hook: "+c.hook, "timeout", 30)
		text := e2e.Text(res)
		peak := peakRSS(t, pid)
		t.Logf("%s: host peak RSS %d MiB: %s", c.hook, peak>>20, truncateText(strings.TrimSpace(text), 400))
		if !res.IsError || !strings.Contains(text, "the sandbox process crashed: it broke the sandbox protocol") || !strings.Contains(text, c.cause) {
			t.Errorf("%s: the run got %q, want the sandbox process crashed: it broke the sandbox protocol ... %s", c.hook, truncateText(text, 400), c.cause)
		}
		if peak > base+160<<20 {
			t.Errorf("%s: the host's peak RSS grew from %d MiB to %d MiB", c.hook, base>>20, peak>>20)
		}
		if v := e2e.MustRun(t, a, `return x`); v != "a's globals" {
			t.Errorf("%s: the other session's x = %v", c.hook, v)
		}
	}

	// The same result from a snippet: refused in the worker, the session
	// kept.
	e2e.MustRun(t, b, `y = 2`)
	res, _ := e2e.Exec(t, b, `return [[]] * (8 << 20)`, "timeout", 30)
	text := e2e.Text(res)
	peak := peakRSS(t, pid)
	t.Logf("a snippet's 8M-item result: host peak RSS %d MiB: %s", peak>>20, truncateText(strings.TrimSpace(text), 400))
	if !res.IsError || !strings.Contains(text, "ValueError: the result cannot be returned from the sandbox: the value has more than") || !strings.Contains(text, "save_result") {
		t.Errorf("a snippet's 8M-item result: %q, want a ValueError that names the limit", truncateText(text, 400))
	}
	if peak > base+160<<20 {
		t.Errorf("a snippet's 8M-item result: the host's peak RSS grew from %d MiB to %d MiB", base>>20, peak>>20)
	}
	if v := e2e.MustRun(t, b, `return y`); v != float64(2) && v != int64(2) {
		t.Errorf("the session after a refused result: y = %v", v)
	}
}

// TestAttackWorkerLiesAboutItsSize: a worker reports how much its
// session's globals hold, and the session budgets of every token are
// charged with it. A subverted worker claiming 4 EiB once made the server
// evict the idle sessions of every other token ("the server keeps at most
// N MiB in sessions"); the host now believes no more than the worker can
// hold (its memory cap and the heap headroom), so the lie costs only the
// liar's own budget.
func TestAttackWorkerLiesAboutItsSize(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "\n[session]\nmax_memory_mb = 64\nmax_retained_mb = 1024\nmax_retained_mb_per_token = 512\n")
	cfg := e.Config + ".tokens.toml"
	e.WriteFile(t, cfg, readFile(t, e.Config)+e.AddToken("liar", "liar-secret-0123456789", `allow = "source"`)+e.AddToken("calm", "calm-secret-0123456789", `allow = "source"`))
	srv := e.ServeHTTP(t, cfg)
	calm := e2e.ConnectHTTPToken(t, srv.URL, "calm-secret-0123456789", nil)
	e2e.MustRun(t, calm, "mine = 'still here'")
	calm2 := e2e.ConnectHTTPToken(t, srv.URL, "calm-secret-0123456789", nil)
	e2e.MustRun(t, calm2, "other = 1")
	liar := e2e.ConnectHTTPToken(t, srv.URL, "liar-secret-0123456789", nil)
	e2e.MustRun(t, liar, "x = 1")
	res, _ := e2e.Exec(t, liar, "# sandbox-test-hook: bigsize", "timeout", 30)
	t.Logf("the liar's run: %s", truncateText(strings.TrimSpace(e2e.Text(res)), 300))
	// The other token's second session runs (and is granted memory out
	// of the server's budget), then its first looks at its globals.
	e2e.MustRun(t, calm2, "return other")
	res, sc := e2e.Exec(t, calm, "return mine")
	if res.IsError || sc["value"] != "still here" {
		t.Errorf("the other token's session after a worker claimed 4 EiB: %v\n%s", sc["value"], truncateText(e2e.Text(res), 400))
	}
}

// TestAttackWorkerHoldsMemoryIdle: the session budgets are charged what a
// worker reports its session's globals hold. A subverted worker that kept
// 300 MiB after its run while its globals held a few bytes cost its
// token's budget nothing for them, in each of the sessions the token may
// keep. The host now holds an idle worker's report against what the
// kernel says it holds, and charges the session that: a token whose two
// sessions' workers hold 300 MiB each under a 600 MiB budget loses a
// session's globals to the budget, its next run naming the key, while
// another token's session keeps its globals. Before, both sessions were
// charged 40 MiB and kept. running_often: the token's sessions run every
// second, never idle for the 5 s the host waited before it measured, and
// each run forgot what was measured: they were charged 40 MiB and kept;
// now a run in three seconds has its worker settle before it answers,
// and the host measures it then.
func TestAttackWorkerHoldsMemoryIdle(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	for _, c := range []struct {
		name  string
		pause time.Duration // between looks
	}{{"idle", 8 * time.Second}, {"running_often", time.Second}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := bins.NewEnv(t, "")
			cfg := tokensConfig(t, e, "\n[session]\nmax_memory_mb = 512\nmax_retained_mb = 4096\nmax_retained_mb_per_token = 600\n", "liar", "calm")
			srv := e.ServeHTTP(t, cfg)
			calm := e2e.ConnectHTTPToken(t, srv.URL, "calm-secret-0123456789", nil)
			e2e.MustRun(t, calm, "mine = 'still here'")
			first := e2e.ConnectHTTPToken(t, srv.URL, "liar-secret-0123456789", nil)
			e2e.MustRun(t, first, "x = 1")
			e2e.MustRun(t, first, "# sandbox-test-hook: holdidle")
			second := e2e.ConnectHTTPToken(t, srv.URL, "liar-secret-0123456789", nil)
			e2e.MustRun(t, second, "y = 2")
			e2e.MustRun(t, second, "# sandbox-test-hook: holdidle")
			// Each look is a run of each session, which begins charged
			// for the other one.
			for deadline := time.Now().Add(60 * time.Second); ; {
				time.Sleep(c.pause)
				lost := ""
				for _, look := range []struct {
					cs   *mcp.ClientSession
					code string
				}{{second, "return y"}, {first, "return x"}} {
					res, _ := e2e.Exec(t, look.cs, look.code)
					if text := e2e.Text(res); strings.Contains(text, "globals and saved results are gone") {
						lost = text
					}
				}
				if lost != "" {
					t.Logf("the session's next run: %s", truncateText(strings.TrimSpace(lost), 500))
					if !strings.Contains(lost, "max_retained_mb_per_token") {
						t.Errorf("the notice does not name the budget: %s", truncateText(lost, 500))
					}
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("60 s after two workers of one token kept 300 MiB each with a few bytes of globals, under a 600 MiB budget, looked at every %s, both sessions still have them", c.pause)
				}
			}
			if v := e2e.MustRun(t, calm, "return mine"); v != "still here" {
				t.Errorf("the other token's globals: %v", v)
			}
		})
	}
}

// TestAttackWorkerTalksBetweenRuns: a worker that goes on sending after
// its run ended has nobody reading its frames. When its session closed,
// the host killed it but the goroutine reading its pipe waited for ever
// to hand over the next frame, so the process was never reaped (a zombie
// per session, its pipes and directory kept). Now the worker is gone once
// its session is.
func TestAttackWorkerTalksBetweenRuns(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, isolationConfig)
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	v, _ := e2e.MustRun(t, cs, "# sandbox-test-hook: afterdone").(float64)
	mine := []int{int(v)}
	if v == 0 || !processExists(mine[0]) {
		t.Fatalf("the hook answered %v, not the pid of a live worker", v)
	}
	cs.Close()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		var left []string
		for _, w := range mine {
			if stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", w)); err == nil {
				left = append(left, fmt.Sprintf("%d: %.60s", w, stat))
			}
		}
		if len(left) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("30 s after its session closed, the worker is still there (not reaped): %v", left)
		}
	}
	if v := e2e.MustRun(t, e2e.ConnectHTTP(t, srv.URL), "return 7"); v != float64(7) {
		t.Errorf("a new client got %v", v)
	}
}

// TestAttackConcurrentCallsCopyArguments: a snippet (no subverted worker
// needed) passes one 3 MB string to 64 capability calls at once. In the
// worker the string exists once; in the host each call's arguments are a
// copy, and so are the request to the upstream and its answer: the host
// went from 24 MiB to 1092 MiB. The arguments of a run's calls in flight
// are bounded; a call beyond the bound is refused with an error that names
// it and says to await some calls first.
func TestAttackConcurrentCallsCopyArguments(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	pid := srv.Cmd.Process.Pid
	e2e.MustRun(t, cs, "return 1")
	base := peakRSS(t, pid)
	res, sc := e2e.Exec(t, cs, `
import asyncio
big = "x" * 3_000_000
async def one():
    try:
        await up.echo(text=big)
        return "ok"
    except RuntimeError as e:
        return str(e)
out = await asyncio.gather(*[one() for _ in range(64)])
return {"ok": out.count("ok"), "refused": [o for o in out if o != "ok"][:1]}
`, "timeout", 60)
	peak := peakRSS(t, pid)
	t.Logf("64 calls of a 3 MB argument: host peak RSS %d MiB (from %d MiB): %s", peak>>20, base>>20, truncateText(e2e.Text(res), 400))
	if res.IsError {
		t.Fatalf("the run failed: %s", truncateText(e2e.Text(res), 600))
	}
	v, _ := sc["value"].(map[string]any)
	refused, _ := v["refused"].([]any)
	if ok, _ := v["ok"].(float64); ok < 1 || len(refused) != 1 || !strings.Contains(refused[0].(string), "MiB at once; await some calls before starting more") {
		t.Errorf("64 calls of a 3 MB argument: %v, want some to run and the rest refused with the bound named", v)
	}
	if peak > base+600<<20 {
		t.Errorf("the host's peak RSS grew from %d MiB to %d MiB", base>>20, peak>>20)
	}
}
