package mcpgen

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the generated golden files")

// TestGeneratedUpToDate regenerates every testdata config and requires the
// committed output to be identical: regenerating is a no-op.
func TestGeneratedUpToDate(t *testing.T) {
	configs, _ := filepath.Glob("testdata/*.yaml")
	configs = append(configs, "../example/mcpgen.yaml")
	if len(configs) == 0 {
		t.Fatal("no testdata/*.yaml configs")
	}
	for _, path := range configs {
		t.Run(path, func(t *testing.T) {
			c, err := LoadConfig(path)
			if err != nil {
				t.Fatal(err)
			}
			src, _, err := Generate(c)
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(c.OutputDir(), GeneratedFile)
			if *update {
				if err := os.WriteFile(out, src, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			old, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(old, src) {
				t.Fatalf("%s is out of date; run go test ./mcpgen -update", out)
			}
		})
	}
}

func TestGenerationErrors(t *testing.T) {
	cases := []struct {
		pkg  string
		want string // file:line and message
	}{
		{"unknownmarker", `testdata/bad/unknownmarker/x.go:6: unknown marker key "lables" in "mcp:lables=a=b" (known: mcp:tool, mcp:name, mcp:labels, mcp:bind, mcp:import)`},
		{"malformed", `testdata/bad/malformed/x.go:6: malformed marker "mcp:name=has space": want mcp:name=<name> or mcp:name=<pkg>.<name> (no spaces or slashes)`},
		{"unexported", `testdata/bad/unexported/x.go:6: function f has mcp:tool but is unexported: the generated package cannot call it; export it`},
		{"method", `testdata/bad/method/x.go:9: method F has mcp:tool: methods are not supported; wrap the call in a package-level function`},
		{"duplicate", `testdata/bad/duplicate/x.go:13: duplicate tool name "go:duplicate/same": also declared by F at`},
		{"nojson", `testdata/bad/nojson/x.go:8: function F: parameter r (io.Reader) cannot be built from JSON: interface type io.Reader has no JSON form; add mcp:bind=r:<Type> to supply it from the host`},
		{"badbind", `testdata/bad/badbind/x.go:9: function F: mcp:bind names "w", which is not a parameter`},
		{"variadic", `testdata/bad/variadic/x.go:6: function F: variadic parameter parts is not supported; take a slice`},
		{"badlabel", `testdata/bad/badlabel/x.go:6: malformed label "=bad" in "mcp:labels=ok=1,=bad"`},
		// Every error of the run, not the first.
		{"multi", "testdata/bad/multi/x.go:6: function A: variadic parameter parts is not supported; take a slice\n" +
			"testdata/bad/multi/x.go:11: unknown marker key \"lables\"" +
			" in \"mcp:lables=a=b\" (known: mcp:tool, mcp:name, mcp:labels, mcp:bind, mcp:import)\n" +
			"testdata/bad/multi/x.go:17: function C: parameter m (map[struct{X int}]string) cannot be built from JSON: map key type struct{X int} is neither a string nor an integer"},
	}
	wd, _ := os.Getwd()
	for _, tc := range cases {
		t.Run(tc.pkg, func(t *testing.T) {
			c := &Config{Packages: []string{"./testdata/bad/" + tc.pkg}, dir: wd}
			c.Output.Dir = t.TempDir()
			_, _, err := Generate(c)
			if err == nil {
				t.Fatal("generation succeeded; want an error")
			}
			got := strings.ReplaceAll(err.Error(), wd+string(filepath.Separator), "")
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("error:\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestConfigErrors(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ yaml, want string }{
		{"output:\n  dir: x\npackages: [./a]\nextra: 1\n", `mcpgen.yaml:4: unknown key "extra"`},
		{"output:\n  dri: x\npackages: [./a]\n", `mcpgen.yaml:2: unknown key "dri"`},
		{"packages: [./a]\n", `mcpgen.yaml: output.dir is required`},
		{"output:\n  dir: x\n", `mcpgen.yaml: packages is empty`},
	}
	for _, tc := range cases {
		p := filepath.Join(dir, "mcpgen.yaml")
		if err := os.WriteFile(p, []byte(tc.yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := LoadConfig(p)
		if err == nil {
			t.Errorf("%q: no error", tc.yaml)
			continue
		}
		if got := strings.ReplaceAll(err.Error(), dir+"/", ""); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%q:\n got %s\nwant prefix %s", tc.yaml, got, tc.want)
		}
	}
}

func TestSnakeCase(t *testing.T) {
	for in, want := range map[string]string{"Greet": "greet", "ListItems": "list_items", "HTTPGet": "http_get", "GetURLForID": "get_url_for_id", "V2Sync": "v2_sync"} {
		if got := snakeCase(in); got != want {
			t.Errorf("snakeCase(%q) = %q, want %q", in, got, want)
		}
	}
}
