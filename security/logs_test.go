package security_test

// Logs: what serve writes about requests, runs and calls at debug level
// holds no secret, argument, result or code, and nothing a client sends
// can break a line, forge a record or fill the log.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/internal/e2e"
)

// TestAttackLogsLeakNothing serves with [log] level = "debug", in both
// formats, makes runs and direct calls whose code, arguments and results
// carry distinctive values, and sends hostile requests: a path with CR,
// LF and ESC, a 64 KiB path, a log id with control characters, an unknown
// MCP method with a newline in its name. The log must hold none of the
// values, one record per line (JSON lines parse), no forged line, and
// still say what happened (runs with their log id and subject, calls,
// requests).
func TestAttackLogsLeakNothing(t *testing.T) {
	t.Parallel()
	for _, format := range []string{"json", "text"} {
		t.Run(format, func(t *testing.T) {
			t.Parallel()
			e := bins.NewBareEnv(t)
			values := map[string]string{
				"token":    "log-token-secret-9d1e",
				"upstream": "log-upstream-secret-4b7a",
				"argument": "log-argument-value-3c5f",
				"result":   "log-result-value-8e2d",
				"code":     "log_code_marker_6a0b",
				"print":    "log-printed-value-1f9c",
			}
			e.Setenv("TOKEN_SECRET", values["token"])
			e.Setenv("UP_SECRET", values["upstream"])
			e.WriteFile(t, e.Config, `[audit]
enabled = true
path = "`+e.Audit+`"

[log]
level = "debug"
format = "`+format+`"

[facade]
tools = true

[mcp.servers.up]
command = "`+bins.TestMCP+`"
env = { TOKEN = "env://UP_SECRET" }

[http.tokens.agent]
token = "env://TOKEN_SECRET"
subject = "agent-subject"
allow = "source"
`)
			srv := e.ServeHTTP(t, e.Config)
			cs := e2e.ConnectHTTPToken(t, srv.URL, values["token"], nil)
			v := e2e.MustRun(t, cs, fmt.Sprintf(`%s = 1
print(%q)
r = await up.echo(text=%q)
return [r, %q]`, values["code"], values["print"], values["argument"], values["result"]))
			if !strings.Contains(fmt.Sprint(v), values["result"]) {
				t.Fatalf("the run did not return its value: %v", v)
			}
			res, _ := e2e.Exec(t, cs, `raise ValueError(`+fmt.Sprintf("%q", values["argument"])+`)`)
			if !res.IsError {
				t.Fatal("a raising run did not fail")
			}
			if res, err := e2e.TryCall(cs, "up_echo", map[string]any{"text": values["argument"]}); err != nil || res.IsError {
				t.Fatalf("direct call: %v %v", res, err)
			}

			u, _ := url.Parse(srv.URL)
			raw := func(request string) {
				c, err := net.DialTimeout("tcp", u.Host, 5*time.Second)
				if err != nil {
					t.Fatal(err)
				}
				defer c.Close()
				c.SetDeadline(time.Now().Add(10 * time.Second))
				fmt.Fprint(c, request)
				bufio.NewReader(c).ReadString('\n')
			}
			auth := "Authorization: Bearer " + values["token"] + "\r\n"
			raw("GET /mcp%0d%0aforged-record%1b[31m HTTP/1.1\r\nHost: x\r\n" + auth + "Connection: close\r\n\r\n")
			raw("GET /" + strings.Repeat("a", 64<<10) + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
			raw("GET /mcp HTTP/1.1\r\nHost: x\r\nX-Log-Id: forged\x7fid\r\n" + auth + "Connection: close\r\n\r\n")
			body := `{"jsonrpc":"2.0","id":9,"method":"evil\nforged-method","params":{}}`
			raw("POST /mcp HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMcp-Session-Id: " + cs.ID() + "\r\nContent-Length: " + fmt.Sprint(len(body)) + "\r\nConnection: close\r\n\r\n" + body)
			cs.Close()
			e2e.Stop(srv.Cmd)

			log := srv.Stderr()
			for name, v := range values {
				if strings.Contains(log, v) {
					t.Errorf("the %s (%s) is in the log", name, v)
				}
			}
			var runs, calls, requests int
			for _, line := range strings.Split(strings.TrimSpace(log), "\n") {
				if len(line) > 8<<10 {
					t.Errorf("a log line of %d bytes", len(line))
				}
				if strings.Contains(line, "forged") && !strings.Contains(line, `\r\nforged`) && !strings.Contains(line, `\nforged`) {
					t.Errorf("a client's text is in a line unescaped: %q", line)
				}
				if format == "json" {
					var rec map[string]any
					if err := json.Unmarshal([]byte(line), &rec); err != nil {
						t.Errorf("not one JSON record: %q", line)
						continue
					}
					switch rec["msg"] {
					case "run":
						runs++
						if !strings.HasPrefix(fmt.Sprint(rec["log_id"]), "log_") || rec["subject"] != "agent-subject" || rec["run_id"] == nil {
							t.Errorf("a run record without its log id, subject or run id: %s", line)
						}
					case "capability call":
						calls++
					case "http request":
						requests++
					}
					continue
				}
				if !strings.HasPrefix(line, "toolplane: ") {
					t.Errorf("a line that is not toolplane's: %q", line)
				}
				switch {
				case strings.HasPrefix(line, "toolplane: run "):
					runs++
					if !strings.Contains(line, " log_id=log_") || !strings.Contains(line, " subject=agent-subject") {
						t.Errorf("a run record without its log id or subject: %s", line)
					}
				case strings.HasPrefix(line, "toolplane: debug: capability call "):
					calls++
				case strings.HasPrefix(line, "toolplane: debug: http request "):
					requests++
				}
			}
			if runs != 2 || calls < 2 || requests < 5 {
				t.Errorf("%d run, %d call and %d request records; want 2, 2+ and 5+:\n%s", runs, calls, requests, log)
			}
		})
	}
}

// TestAttackAuditFieldsFromASnippet: the fields of audit and log records
// a snippet chooses are the name of the exception it raises (a class it
// made, named with a newline, a forged record, ANSI escapes and 2 MB) and
// the capability it calls (an unknown name of the same kind). Every audit
// line parses as one JSON object of at most a few KiB, no record is
// forged, and neither the audit file nor serve's stderr holds a raw
// escape or the 2 MB. Held.
func TestAttackAuditFieldsFromASnippet(t *testing.T) {
	t.Parallel()
	e2e.NeedInterpreter(t)
	e := bins.NewEnv(t, "")
	srv := e.ServeHTTP(t, e.TokenConfig(t))
	cs := e2e.ConnectHTTP(t, srv.URL)
	const forged = `\ntoolplane: run run_id=run_forged outcome=ok\n{\"event\":\"run_end\",\"run_id\":\"run_forged\"}\x1b[2J\x1b]0;pwned\x07`
	for _, code := range []string{
		`raise type("Evil` + forged + `" + "N" * 2000000, (Exception,), {})("x")`,
		`class E(BaseException): pass
E.__name__ = "Boom` + forged + `" * 1000
raise E()`,
		`await call_tool("up.echo` + forged + `" + "x" * 2000000, {})`,
		`await call_tool("mcp:up/echo` + forged + `", {})`,
	} {
		if res, _ := e2e.Exec(t, cs, code); !res.IsError {
			t.Errorf("the run did not fail: %s", truncateText(e2e.Text(res), 300))
		}
	}
	lines := e2e.WaitAudit(t, e.Audit, func(lines []map[string]any) bool {
		n := 0
		for _, l := range lines {
			if l["event"] == "run_end" {
				n++
			}
		}
		return n >= 4
	})
	raw := readFile(t, e.Audit)
	for i, line := range strings.Split(strings.TrimSpace(raw), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Errorf("audit line %d is not one JSON object: %v: %s", i, err, truncateText(line, 300))
		}
		if len(line) > 8<<10 {
			t.Errorf("audit line %d has %d bytes", i, len(line))
		}
	}
	for _, l := range lines {
		if l["run_id"] == "run_forged" {
			t.Errorf("a forged audit record: %v", l)
		}
	}
	stderr := srv.Stderr()
	for what, text := range map[string]string{"the audit file": raw, "serve's stderr": stderr} {
		if strings.ContainsAny(text, "\x1b\x07") || strings.Contains(text, strings.Repeat("N", 10000)) {
			t.Errorf("%s holds a raw escape or the 2 MB name", what)
		}
	}
	for _, line := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(line, "toolplane: run run_id=run_forged") || strings.HasPrefix(line, `{"event"`) {
			t.Errorf("serve's stderr has a forged line: %s", truncateText(line, 300))
		}
	}
}
