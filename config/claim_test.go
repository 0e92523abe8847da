package config

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

type httpSection struct {
	Addr   string   `toml:"addr"`
	Tokens []string `toml:"tokens"`
	Grace  Duration `toml:"grace"`
	Token  Secret   `toml:"token"`
}

type auditPlugin struct {
	Sample int `toml:"sample"`
}

func TestClaimDecodesStrictly(t *testing.T) {
	t.Parallel()
	httpCfg := httpSection{Addr: "127.0.0.1:8080"} // a default the file may override
	var audit, spill auditPlugin
	l := &Loader{}
	for section, target := range map[string]any{"http": &httpCfg, "plugins.audit": &audit, "plugins.spill": &spill} {
		if err := l.Claim(section, target); err != nil {
			t.Fatal(err)
		}
	}
	cfg, err := l.Parse("toolplane.toml", []byte(`
[cli]
mode = "disabled"
[http]
tokens = ["a"]
grace = "2s"
[plugins.audit]
sample = 3
`))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.CLI.Mode != CLIDisabled {
		t.Errorf("built-in sections still decode: mode = %q", cfg.CLI.Mode)
	}
	want := httpSection{Addr: "127.0.0.1:8080", Tokens: []string{"a"}, Grace: Duration{2 * time.Second}}
	if diff := cmp.Diff(want, httpCfg); diff != "" {
		t.Errorf("claimed section (-want +got):\n%s", diff)
	}
	if audit.Sample != 3 || spill.Sample != 0 {
		t.Errorf("nested claims: audit=%d spill=%d, want 3 and 0", audit.Sample, spill.Sample)
	}

	for _, tc := range []struct{ doc, want string }{
		{"[http]\nadr = \"x\"\n", `toolplane.toml:2:1: unknown key "adr" in [http]; did you mean "addr"?`},
		{"[plugins.audti]\n", `toolplane.toml:1:10: unknown key "audti" in [plugins]; did you mean "audit"?`},
		{"[http]\ngrace = 5\n", `toolplane.toml:2:9: wrong type for http.grace: got an integer, want a duration string like "30s"`},
		{"[http]\ntoken = \"keyring://\"\n", `toolplane.toml:2:9: http.token: secret reference keyring:// names nothing: write keyring://NAME`},
		{"[quota]\n", `toolplane.toml:1:2: unknown key "quota" at the top level; valid keys: audit, cli, facade, http, log, mcp, plugins, results, session, toolplane (a component's own section must be claimed by it)`},
	} {
		_, err := l.Parse("toolplane.toml", []byte(tc.doc))
		if err == nil || err.Error() != tc.want {
			t.Errorf("Parse(%q):\n got %v\nwant %s", tc.doc, err, tc.want)
		}
	}
}

// TestClaimDefaultsPerParse: each Parse starts from the claim-time
// defaults, so a key dropped from the file reverts, and decoding never
// writes into the caller's default maps.
func TestClaimDefaultsPerParse(t *testing.T) {
	t.Parallel()
	type section struct {
		Addr   string            `toml:"addr"`
		Labels map[string]string `toml:"labels"`
	}
	s := section{Addr: "default", Labels: map[string]string{"a": "1"}}
	defaultLabels := s.Labels
	l := &Loader{}
	if err := l.Claim("http", &s); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Parse("t.toml", []byte("[http]\naddr = \"x\"\n[http.labels]\nb = \"2\"\n")); err != nil {
		t.Fatal(err)
	}
	if want := (section{Addr: "x", Labels: map[string]string{"a": "1", "b": "2"}}); !cmp.Equal(s, want) {
		t.Errorf("first parse: %+v, want %+v", s, want)
	}
	if len(defaultLabels) != 1 {
		t.Errorf("decoding wrote into the default map: %v", defaultLabels)
	}
	if _, err := l.Parse("t.toml", []byte("")); err != nil {
		t.Fatal(err)
	}
	if want := (section{Addr: "default", Labels: map[string]string{"a": "1"}}); !cmp.Equal(s, want) {
		t.Errorf("second parse: %+v, want the defaults %+v", s, want)
	}
}

func TestClaimRejectsConflicts(t *testing.T) {
	t.Parallel()
	var a, b auditPlugin
	l := &Loader{}
	if err := l.Claim("plugins.audit", &a); err != nil {
		t.Fatal(err)
	}
	for section, target := range map[string]any{
		"plugins":       &b, // would swallow plugins.audit
		"plugins.audit": &b, // twice
		"cli":           &b, // built-in
		"mcp.extra":     &b, // inside a built-in
		"bad key":       &b,
		"x":             b, // not a pointer
	} {
		if err := l.Claim(section, target); err == nil {
			t.Errorf("Claim(%q) succeeded; want an error", section)
		}
	}
}

func TestLoadersAreIndependent(t *testing.T) {
	t.Parallel()
	var h httpSection
	claimed := &Loader{}
	if err := claimed.Claim("http", &h); err != nil {
		t.Fatal(err)
	}
	doc := []byte("[http]\naddr = \"x\"\n")
	if _, err := claimed.Parse("a.toml", doc); err != nil {
		t.Fatal(err)
	}
	if _, err := (&Loader{}).Parse("b.toml", doc); err == nil || !strings.Contains(err.Error(), `unknown key "http"`) {
		t.Fatalf("a claim leaked into another Loader: %v", err)
	}
}

func TestSecretResolve(t *testing.T) {
	t.Setenv("TOOLPLANE_TEST_SECRET", "s3cret")
	ctx := context.Background()
	for _, tc := range []struct {
		s       Secret
		want    string
		wantErr string
	}{
		{"literal", "literal", ""},
		{"env://TOOLPLANE_TEST_SECRET", "s3cret", ""},
		{"env://TOOLPLANE_TEST_UNSET_VAR", "", "environment variable TOOLPLANE_TEST_UNSET_VAR is not set"},
	} {
		got, err := tc.s.Resolve(ctx)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("Resolve(%q) error = %v, want %q", tc.s, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", tc.s, got, err, tc.want)
		}
	}
	if got := Secret("hunter2").String(); strings.Contains(got, "hunter2") {
		t.Errorf("a literal secret prints as %q", got)
	}
}

func TestByteSizeAndClosest(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]ByteSize{"8MiB": 8 * MiB, "512 KB": 512000, "1024": 1024, "3B": 3, "1GiB": GiB} {
		var b ByteSize
		if err := b.UnmarshalText([]byte(in)); err != nil || b != want {
			t.Errorf("ByteSize(%q) = %d, %v; want %d", in, b, err, want)
		}
	}
	for _, in := range []string{"-1", "MiB", "1.5MiB", "ten"} {
		var b ByteSize
		if err := b.UnmarshalText([]byte(in)); err == nil {
			t.Errorf("ByteSize(%q) accepted", in)
		}
	}
	keys := []string{"mode", "allow", "escalate", "timeout", "max_output_bytes", "on_error"}
	for in, want := range map[string]string{"mod": "mode", "alow": "allow", "on_eror": "on_error", "timout": "timeout", "ws": "", "xyz": ""} {
		if got := closest(in, keys); got != want {
			t.Errorf("closest(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestClaimZeroIsDefault: a claimed section's Duration tagged
// config:"zero-is-default" refuses a written "0s" with its line and key
// ([http] header_timeout = "0s" was the default 10s); untagged, "0s" is a
// value (a grace of none), and an unwritten key is not refused.
func TestClaimZeroIsDefault(t *testing.T) {
	t.Parallel()
	type section struct {
		Timeout Duration `toml:"timeout" config:"zero-is-default"`
		Grace   Duration `toml:"grace"`
		Conns   int      `toml:"conns" config:"zero-is-default"`
		Body    ByteSize `toml:"body" config:"zero-is-default"`
	}
	var sec section
	l := &Loader{}
	if err := l.Claim("http", &sec); err != nil {
		t.Fatal(err)
	}
	_, err := l.Parse("toolplane.toml", []byte("[http]\ngrace = \"0s\"\ntimeout = \"0s\"\nconns = 0\nbody = \"0B\"\n"))
	want := `toolplane.toml:3:1: http.timeout = "0s" is not a setting: it must be positive; remove the key for its default
toolplane.toml:4:1: http.conns = 0 is not a setting: the default stands for it; remove the key for its default, or write the value you mean
toolplane.toml:5:1: http.body = 0 is not a setting: the default stands for it; remove the key for its default, or write the value you mean`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
	if _, err := l.Parse("toolplane.toml", []byte("[http]\ngrace = \"0s\"\n")); err != nil {
		t.Fatalf("an untagged 0s and an unwritten tagged key: %v", err)
	}
}
