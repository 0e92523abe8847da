package security_test

// Config: a hostile toolplane.toml (a shared repository's, written by
// someone other than the operator) is refused at once, with file:line and
// the key, by every command that reads it: no hang, no crash, no memory
// beyond a small bound, and no policy that admits more than it reads.

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// hostileConfigs are files built to make the loader recurse, allocate or
// work without bound, each with what its error must name.
func hostileConfigs() map[string]struct {
	text string
	want []string
} {
	repeat := strings.Repeat
	unknown := func(n int) string {
		var b strings.Builder
		b.WriteString("[mcp.servers.x]\ncommand = \"true\"\n")
		for i := range n {
			fmt.Fprintf(&b, "k%d = 1\n", i)
		}
		return b.String()
	}
	return map[string]struct {
		text string
		want []string
	}{
		// 60 KB: every key path's prefixes were recorded, quadratic
		// (gigabytes, "fatal error: out of memory").
		"inline tables 9000 deep":    {"a = " + repeat("{b = ", 9000) + "1" + repeat("}", 9000) + "\n", []string{":1:", "more than 32 parts"}},
		"dotted key of 200000 parts": {"[" + strings.TrimSuffix(repeat("a.", 200000), ".") + "]\nx = 1\n", []string{":1:2:", "more than 32 parts"}},
		// Each unknown key's error copied the whole file: minutes.
		"30000 unknown keys":      {unknown(30000), []string{":3:1:", `unknown key "k0" in [mcp.servers.x]`, "more than 20"}},
		"arrays 1.5M deep":        {"a = " + repeat("[", 1_500_000) + repeat("]", 1_500_000) + "\n", []string{":1:", "nested more than"}},
		"a key of 3 MB":           {`"` + repeat("k", 3<<20) + `" = 1` + "\n", []string{":1:1:", "unknown key", "…"}},
		"a duplicate key":         {"[mcp.servers.x]\ncommand = \"true\"\ncommand = \"false\"\n", []string{":3:1:", "duplicate key mcp.servers.x.command"}},
		"100000 selectors":        {"[http.tokens.a]\ntoken = \"env://T\"\nallow = [" + repeat(`"source=x",`, 100000) + "]\n", []string{":3:9:", "http.tokens.a.allow: 100000 selectors is more than the maximum of 64"}},
		"a 1.6 MB selector":       {"[http.tokens.a]\ntoken = \"env://T\"\nallow = \"" + strings.TrimSuffix(repeat("!k,", 500000), ",") + "\"\n", []string{":3:9:", "longer than the maximum"}},
		"a file over 4 MiB":       {repeat("# padding\n", 500_000), []string{"larger than"}},
		"negative-only allow":     {"[http.tokens.a]\ntoken = \"env://T\"\nallow = \"!secret\"\n", []string{":3:9:", "http.tokens.a.allow", "only negative requirements", `"source,!secret"`}},
		"negative-only element":   {"[http.tokens.a]\ntoken = \"env://T\"\nallow = [\"source=mcp\", \"env!=prod\"]\n", []string{":3:", "only negative requirements"}},
		"negative-only anonymous": {"[http]\nallow_anonymous = true\n[http.anonymous]\nallow = \"team notin (none)\"\n", []string{":4:9:", "only negative requirements"}},
	}
}

// TestAttackHostileConfigFiles: each hostile file fails `config check`
// and `serve mcp --transport http` within seconds under a 2 GiB address
// space cap, naming the file, the line and what is wrong, without a Go
// crash.
func TestAttackHostileConfigFiles(t *testing.T) {
	t.Parallel()
	for name, tc := range hostileConfigs() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := bins.NewBareEnv(t)
			e.MemoryCap = 2 << 30
			e.Setenv("T", "a-token-secret-0123456789")
			cfg := filepath.Join(e.Dir, "hostile.toml")
			e.WriteFile(t, cfg, tc.text)
			for _, args := range [][]string{
				{"config", "check", "--config", cfg},
				{"serve", "mcp", "--transport", "http", "--addr", "127.0.0.1:0", "--config", cfg},
			} {
				start := time.Now()
				stdout, stderr, code := runWithin(t, e.Toolplane(args...), 30*time.Second)
				out := stdout + stderr
				if code == 0 || strings.Contains(out, "fatal error") || strings.Contains(out, "goroutine ") {
					t.Errorf("%s: exit %d\n%s", args[0], code, truncateText(out, 2000))
					continue
				}
				for _, w := range append([]string{cfg}, tc.want...) {
					if !strings.Contains(out, w) {
						t.Errorf("%s: the error does not say %q:\n%s", args[0], w, truncateText(out, 2000))
					}
				}
				if len(out) > 16<<10 {
					t.Errorf("%s: %d bytes of errors", args[0], len(out))
				}
				t.Logf("%s: %v", args[0], time.Since(start))
			}
		})
	}
}
