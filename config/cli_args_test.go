package config

import (
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLoadCLIArgumentPolicyErrors: [cli.binaries.NAME] deny_args,
// allow_subcommands, deny_subcommands and builtin_policy decode strictly,
// and every bad value names the file, line and column, the key and the fix.
func TestLoadCLIArgumentPolicyErrors(t *testing.T) {
	t.Parallel()
	head := "[cli]\nmode = \"allowlist\"\nallow = [\"git\"]\n"
	cases := []struct {
		name      string
		doc       string
		line, col int
		msg       string
	}{
		{"misspelled key", head + "[cli.binaries.git]\ndeny_arg = [\"--force\"]\n", 5, 1,
			`unknown key "deny_arg" in [cli.binaries.git]; did you mean "deny_args"?`},
		{"string for a list", head + "[cli.binaries.git]\ndeny_args = \"--force\"\n", 5, 13,
			`wrong type for cli.binaries.git.deny_args: got a string, want an array of strings`},
		{"number in the list", head + "[cli.binaries.git]\ndeny_args = [\"--force\", 1]\n", 5, 25,
			`wrong type for cli.binaries.git.deny_args: want an array of strings, but an element is an integer`},
		{"entry without dashes", head + "[cli.binaries.git]\ndeny_args = [\"force\"]\n", 5, 1,
			`cli.binaries.git.deny_args: "force" is not an option: write it with its dashes, like "--force" or "-f" (or "@" for response files)`},
		{"entry with a value", head + "[cli.binaries.git]\ndeny_args = [\"--upload-pack=x\"]\n", 5, 1,
			`cli.binaries.git.deny_args: "--upload-pack=x": write the option name only, without a value or spaces ("--upload-pack" refuses every value)`},
		{"entry with a space", head + "[cli.binaries.git]\ndeny_args = [\"-c alias\"]\n", 5, 1,
			`cli.binaries.git.deny_args: "-c alias": write the option name only, without a value or spaces ("-c alias" refuses every value)`},
		{"bare dashes", head + "[cli.binaries.git]\ndeny_args = [\"--\"]\n", 5, 1,
			`cli.binaries.git.deny_args: "--" is not an option: write it with its dashes, like "--force" or "-f" (or "@" for response files)`},
		{"duplicate entry", head + "[cli.binaries.git]\ndeny_args = [\"-f\", \"-f\"]\n", 5, 1,
			`cli.binaries.git.deny_args: "-f" is listed twice`},
		{"subcommand with a dash", head + "[cli.binaries.git]\nallow_subcommands = [\"--exec-path\"]\n", 5, 1,
			`cli.binaries.git.allow_subcommands: "--exec-path" is not a subcommand name (a word without spaces that does not start with "-")`},
		{"empty subcommand", head + "[cli.binaries.git]\ndeny_subcommands = [\"\"]\n", 5, 1,
			`cli.binaries.git.deny_subcommands: "" is not a subcommand name (a word without spaces that does not start with "-")`},
		{"subcommand allowed and denied", head + "[cli.binaries.git]\nallow_subcommands = [\"log\", \"push\"]\ndeny_subcommands = [\"push\"]\n", 6, 1,
			`cli.binaries.git: "push" is in both allow_subcommands and deny_subcommands; keep one`},
		{"builtin_policy as a string", head + "[cli.binaries.git]\nbuiltin_policy = \"off\"\n", 5, 18,
			`wrong type for cli.binaries.git.builtin_policy: got a string, want a boolean (true or false)`},
		{"bad binary name", head + "[cli.binaries.\"git;sh\"]\ndeny_args = [\"-c\"]\n", 4, 15,
			`cli.binaries: "git;sh" is not a bare binary name`},
		{"env git refuses", head + "[cli.env]\nGIT_SSH_COMMAND = \"ssh -i key\"\n", 5, 1,
			`cli.env.GIT_SSH_COMMAND: GIT_SSH_COMMAND is refused: for git, it makes git run a command, read other configuration or repositories, or write trace files; remove it, or set [cli.binaries.git] builtin_policy = false`},
		{"pass_env every binary refuses", "[cli]\npass_env = [\"LD_PRELOAD\"]\n", 2, 1,
			`cli.pass_env: LD_PRELOAD is refused: it loads code into every program or makes every shell run a file; remove it`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := writeConfig(t, tc.doc)
			_, err := Load(path)
			if err == nil {
				t.Fatalf("Load succeeded; want an error at %d:%d", tc.line, tc.col)
			}
			errs := AsErrors(err)
			if len(errs) != 1 {
				t.Fatalf("got %d errors, want 1:\n%v", len(errs), err)
			}
			got := errs[0]
			want := &Error{File: path, Line: tc.line, Col: tc.col, Msg: tc.msg, Key: got.Key}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("error mismatch (-want +got):\n%s", diff)
			}
			if wantText := path + ":" + strconv.Itoa(tc.line) + ":" + strconv.Itoa(tc.col) + ": " + tc.msg; err.Error() != wantText {
				t.Errorf("Error() = %q\nwant      %q", err.Error(), wantText)
			}
		})
	}
}

// TestLoadCLIArgumentPolicy decodes a valid [cli.binaries.NAME] table.
func TestLoadCLIArgumentPolicy(t *testing.T) {
	t.Parallel()
	path := writeConfig(t, `[cli]
mode = "allowlist"
allow = ["git", "mytool"]

[cli.binaries.git]
deny_args = ["--force", "-f", "@"]
deny_subcommands = ["push"]

[cli.binaries.mytool]
allow_subcommands = ["list"]
builtin_policy = false

[cli.env]
GIT_AUTHOR_NAME = "agent"
`)
	cfg, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	off := false
	want := map[string]CLIBinaryConfig{
		"git":    {DenyArgs: []string{"--force", "-f", "@"}, DenySubcommands: []string{"push"}},
		"mytool": {AllowSubcommands: []string{"list"}, BuiltinPolicy: &off},
	}
	if diff := cmp.Diff(want, cfg.CLI.Binaries); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
