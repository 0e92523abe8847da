package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRender(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		args    []any
		options map[string]any
		want    []string
	}{
		{"bool flag", []any{"status"}, map[string]any{"short": true}, []string{"status", "--short"}},
		{"number and bool", []any{"log"}, map[string]any{"max_count": 5.0, "oneline": true}, []string{"log", "--max-count=5", "--oneline"}},
		{"underscores become dashes", []any{"log"}, map[string]any{"name_only_now": true}, []string{"log", "--name-only-now"}},
		{"false omits", []any{"status"}, map[string]any{"short": false}, []string{"status"}},
		{"none omits", []any{"status"}, map[string]any{"short": nil}, []string{"status"}},
		{"list repeats", []any{"log"}, map[string]any{"author": []any{"ann", "bob"}}, []string{"log", "--author=ann", "--author=bob"}},
		{"empty list omits", []any{"log"}, map[string]any{"author": []any{}}, []string{"log"}},
		{"short flag with value", []any{"log"}, map[string]any{"n": 5.0}, []string{"log", "-n", "5"}},
		{"short bool", []any{"commit"}, map[string]any{"a": true}, []string{"commit", "-a"}},
		{"short list repeats", []any{}, map[string]any{"c": []any{"user.name=x", "user.email=y"}}, []string{"-c", "user.name=x", "-c", "user.email=y"}},
		{"trailing positional", []any{"diff"}, map[string]any{"stat": true, "_": []any{"HEAD~1", "HEAD"}}, []string{"diff", "--stat", "HEAD~1", "HEAD"}},
		{"single positional", []any{"show"}, map[string]any{"_": "HEAD"}, []string{"show", "HEAD"}},
		{"global before subcommand", []any{"log"}, map[string]any{"_global": map[string]any{"C": "/path"}}, []string{"-C", "/path", "log"}},
		{"global long", []any{"status"}, map[string]any{"_global": map[string]any{"no_pager": true}}, []string{"--no-pager", "status"}},
		{"trailing underscore for keywords", []any{"x"}, map[string]any{"class_": "a", "from_": 1.0}, []string{"x", "--class=a", "--from=1"}},
		{"float", nil, map[string]any{"ratio": 0.5}, []string{"--ratio=0.5"}},
		{"int types", []any{int64(3), 4}, map[string]any{"k": int64(7)}, []string{"3", "4", "-k", "7"}},
		{"json number", nil, map[string]any{"depth": json.Number("12")}, []string{"--depth=12"}},
		{"values are not shell-parsed", []any{"grep"}, map[string]any{"e": "a b; rm -rf /"}, []string{"grep", "-e", "a b; rm -rf /"}},
		{"value starting with dash", nil, map[string]any{"format": "--x"}, []string{"--format=--x"}},
		{"sorted keys", nil, map[string]any{"z": true, "a": true, "mm": true}, []string{"-a", "--mm", "-z"}},
		{"no args", nil, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := Render(tc.args, tc.options)
			if err != nil {
				t.Fatalf("Render: %v", err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("argv (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRenderErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		args    []any
		options map[string]any
		wantErr string
	}{
		{"dict value", nil, map[string]any{"x": map[string]any{}}, "want a string or number, got object"},
		{"nested list", nil, map[string]any{"x": []any{[]any{"a"}}}, "got list"},
		{"bool positional", []any{true}, nil, "args[0]: want a string or number, got boolean"},
		{"null positional", []any{nil}, nil, "args[0]"},
		{"leading dash key", nil, map[string]any{"-x": true}, "invalid option name"},
		{"key with space", nil, map[string]any{"a b": true}, "invalid option name"},
		{"key with equals", nil, map[string]any{"a=b": true}, "invalid option name"},
		{"empty key", nil, map[string]any{"": true}, "invalid option name"},
		{"NUL in value", nil, map[string]any{"x": "a\x00b"}, "NUL"},
		{"global not a map", nil, map[string]any{"_global": "C"}, "_global"},
		{"positional dict", nil, map[string]any{"_": map[string]any{}}, "_: want a list"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := Render(tc.args, tc.options)
			if err == nil {
				t.Fatalf("Render = %q, want error containing %q", got, tc.wantErr)
			}
			if !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("error %q does not contain %q", err, tc.wantErr)
			}
		})
	}
}

// TestParseInvocation checks the JSON shape a snippet binding or call_tool
// sends, decoded from real JSON text.
func TestParseInvocation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		input     string
		want      []string
		wantCheck bool
	}{
		{"full shape", `{"args": ["log"], "options": {"max_count": 5, "oneline": true}, "positional": ["HEAD~1", "HEAD"], "global": {"C": "/repo"}, "check": false, "stdin": null}`,
			[]string{"-C", "/repo", "log", "--max-count=5", "--oneline", "HEAD~1", "HEAD"}, false},
		{"ordered pairs keep order", `{"args": ["log"], "options": [["oneline", true], ["max_count", 5]]}`,
			[]string{"log", "--oneline", "--max-count=5"}, true},
		{"check is a flag inside options", `{"args": ["diff"], "options": {"check": true}}`,
			[]string{"diff", "--check"}, true},
		{"empty", `{}`, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var input map[string]any
			if err := json.Unmarshal([]byte(tc.input), &input); err != nil {
				t.Fatal(err)
			}
			inv, err := ParseInvocation(input)
			if err != nil {
				t.Fatalf("ParseInvocation: %v", err)
			}
			got, err := inv.Argv()
			if err != nil {
				t.Fatalf("Argv: %v", err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("argv (-want +got):\n%s", diff)
			}
			if inv.Check != tc.wantCheck {
				t.Errorf("Check = %v, want %v", inv.Check, tc.wantCheck)
			}
		})
	}
	bad := map[string]string{
		`{"argz": []}`:                 `unknown input key "argz"`,
		`{"options": {"_": ["x"]}}`:    `belongs in "positional"`,
		`{"options": {"_global": {}}}`: `belongs in "global"`,
		`{"check": "yes"}`:             "check: want a boolean",
		`{"stdin": "data"}`:            "stdin: must be null",
		`{"options": [["a"]]}`:         "want a [key, value] pair",
		`{"options": [[1, true]]}`:     "key must be a string",
		`{"args": {"a": 1}}`:           "args: want a list",
		`{"options": "--rm"}`:          "want an object or a list",
	}
	for input, wantErr := range bad {
		var m map[string]any
		if err := json.Unmarshal([]byte(input), &m); err != nil {
			t.Fatal(err)
		}
		inv, err := ParseInvocation(m)
		if err == nil {
			_, err = inv.Argv()
		}
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("%s: error %v, want one containing %q", input, err, wantErr)
		}
	}
}

func TestSummarize(t *testing.T) {
	t.Parallel()
	help := "\n\nusage: tool [-v]\n   [--help]\n\nThese are common commands:\n  add\n"
	if got, want := summarize(help), "usage: tool [-v] [--help]"; got != want {
		t.Errorf("summarize = %q, want %q", got, want)
	}
	if got, want := summarize("N\bNA\bAM\bME\x1b[1m bold\x1b[0m"), "NAME bold"; got != want {
		t.Errorf("summarize = %q, want %q", got, want)
	}
	long := strings.Repeat("é", summaryMax)
	got := summarize(long)
	if len(got) > summaryMax+len("…") || !strings.HasSuffix(got, "…") || !strings.HasPrefix(got, "éé") {
		t.Errorf("summarize(long) = %d bytes %q...", len(got), got[:10])
	}
}
