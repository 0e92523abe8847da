package docs

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestClientSnippets follows clients.md: the server side is set up as it
// says (token, [http.tokens], config check, serve over HTTP), then every
// client snippet is tried as far as a machine without the clients can:
// each stdio command answers an MCP handshake and lists toolplane's
// tools; each HTTP snippet (URL and headers, the token filled in where it
// names it) reaches the server, and with a wrong token is refused. A
// block or command the test does not know fails it: new snippets must be
// checked too.
func TestClientSnippets(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	if r := w.run(t, []string{"toolplane", "init"}); r.code != 0 {
		t.Fatalf("toolplane init: %+v", r)
	}
	config := filepath.Join(w.home, ".toolplane", "toolplane.toml")
	var token, addr string
	snippets := 0

	httpCheck := func(where, url string, headers map[string]string) {
		t.Helper()
		snippets++
		if addr == "" {
			t.Errorf("%s: an HTTP snippet before the document started a server", where)
			return
		}
		if !strings.Contains(url, "127.0.0.1:8080") {
			t.Errorf("%s: URL %s is not the one the document serves on", where, url)
			return
		}
		url = strings.Replace(url, "127.0.0.1:8080", addr, 1)
		fill := func(tok string) map[string]string {
			out := map[string]string{}
			for k, v := range headers {
				out[k] = envRef.ReplaceAllString(v, tok)
			}
			return out
		}
		if err := connectHTTP(t, url, fill(token)); err != nil {
			t.Errorf("%s: %s with the token: %v", where, url, err)
		}
		if err := connectHTTP(t, url, fill("wrong-"+token)); err == nil {
			t.Errorf("%s: %s let a wrong token in", where, url)
		}
	}
	stdioCheck := func(where string, argv []string) {
		t.Helper()
		snippets++
		if base := filepath.Base(argv[0]); base != "toolplane" {
			t.Errorf("%s: the snippet starts %s, not toolplane", where, argv[0])
			return
		}
		w.handshake(t, argv)
	}
	// server checks one entry of a client's server list (JSON or TOML).
	server := func(where string, s map[string]any) {
		t.Helper()
		command, _ := s["command"].(string)
		var args []string
		if list, ok := s["args"].([]any); ok {
			for _, a := range list {
				args = append(args, fmt.Sprint(a))
			}
		}
		switch {
		case command == "npx" && slices.Contains(args, "mcp-remote"):
			// Claude Desktop's bridge: npx would download it, so the
			// test checks what it is given (and runs it when present).
			snippets++
			env, _ := s["env"].(map[string]any)
			auth, _ := env["AUTH_HEADER"].(string)
			i := slices.Index(args, "mcp-remote")
			if len(args) < i+4 || args[i+2] != "--header" || args[i+3] != "Authorization:${AUTH_HEADER}" || !strings.HasPrefix(auth, "Bearer ") {
				t.Errorf("%s: mcp-remote is not given the URL, then --header Authorization:${AUTH_HEADER}, with AUTH_HEADER a Bearer token: %v %v", where, args, env)
				return
			}
			if !strings.Contains(args[i+1], "127.0.0.1:8080") {
				t.Errorf("%s: mcp-remote URL %s", where, args[i+1])
			}
		case command != "":
			stdioCheck(where, append([]string{command}, args...))
		default:
			url, _ := s["url"].(string)
			headers := map[string]string{}
			if h, ok := s["headers"].(map[string]any); ok {
				for k, v := range h {
					headers[k] = fmt.Sprint(v)
				}
			}
			if v, ok := s["bearer_token_env_var"].(string); ok {
				headers["Authorization"] = "Bearer ${" + v + "}"
			}
			httpCheck(where, url, headers)
		}
	}

	for _, b := range fenced(t, "clients.md") {
		where := fmt.Sprintf("clients.md:%d", b.line)
		switch b.lang {
		case "sh":
			for _, line := range commands(b) {
				argv := words(line)
				switch {
				case line == `export TOOLPLANE_TOKEN="$(openssl rand -hex 32)"`:
					token = randomToken()
				case strings.Join(argv, " ") == "toolplane config check":
					r := w.run(t, argv, "TOOLPLANE_TOKEN="+token)
					if r.code != 0 || strings.Contains(r.stdout, "warning") {
						t.Errorf("%s: %s: %+v", where, line, r)
					}
				case len(argv) > 3 && argv[0] == "toolplane" && argv[1] == "serve" && slices.Contains(argv, "--transport"):
					addr = w.serveHTTP(t, argv, "TOOLPLANE_TOKEN="+token)
				case len(argv) > 3 && (argv[0] == "claude" || argv[0] == "codex") && argv[1] == "mcp" && argv[2] == "add":
					if i := slices.Index(argv, "--"); i >= 0 {
						stdioCheck(where, argv[i+1:])
						continue
					}
					url, headers := "", map[string]string{}
					for i := 3; i < len(argv); i++ {
						switch a := argv[i]; {
						case a == "--header" && i+1 < len(argv):
							k, v, _ := strings.Cut(argv[i+1], ":")
							headers[strings.TrimSpace(k)] = strings.TrimSpace(v)
							i++
						case a == "--bearer-token-env-var" && i+1 < len(argv):
							headers["Authorization"] = "Bearer ${" + argv[i+1] + "}"
							i++
						case a == "--transport" || a == "-s" || a == "--scope":
							i++
						case a == "--url" && i+1 < len(argv):
							url = argv[i+1]
							i++
						case strings.HasPrefix(a, "http://"):
							url = a
						}
					}
					httpCheck(where, url, headers)
				default:
					t.Errorf("%s: a command the docs test does not know how to check: %s", where, line)
				}
			}
		case "toml":
			doc := parseTOML(t, b)
			switch {
			case doc["mcp_servers"] != nil:
				for name, s := range doc["mcp_servers"].(map[string]any) {
					server(where+" "+name, s.(map[string]any))
				}
			case doc["http"] != nil:
				f, err := os.OpenFile(config, os.O_APPEND|os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				_, err = f.WriteString("\n" + b.text)
				f.Close()
				if err != nil {
					t.Fatal(err)
				}
			default:
				t.Errorf("%s: a TOML block the docs test does not know how to check:\n%s", where, b.text)
			}
		case "json":
			var doc map[string]map[string]any
			var raw map[string]json.RawMessage
			if err := json.Unmarshal([]byte(b.text), &raw); err != nil {
				t.Errorf("%s: a JSON block that does not parse: %v", where, err)
				continue
			}
			key := "mcpServers"
			if _, ok := raw[key]; !ok {
				key = "servers"
			}
			if err := json.Unmarshal(raw[key], &doc); err != nil || len(doc) == 0 {
				t.Errorf("%s: no mcpServers or servers in:\n%s", where, b.text)
				continue
			}
			for name, s := range doc {
				server(where+" "+name, s)
			}
		default:
			t.Errorf("%s: a %q block the docs test does not know how to check", where, b.lang)
		}
	}
	// Every client, both ways: 2 per client, Codex's by command and by file.
	if snippets < 12 {
		t.Errorf("checked %d snippets; clients.md has at least 12", snippets)
	}
}
