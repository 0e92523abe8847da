package clibind

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/python"
)

func TestAliases(t *testing.T) {
	ns := capability.Namespace{
		"git":            "cli:git",
		"docker_compose": "cli:docker-compose",
		"greeter_greet":  "go:greeter/greet",
		"greeter.greet":  "go:greeter/greet",
		"odd.git":        "cli:git",
	}
	want := map[string]any{"git": "git", "docker_compose": "docker-compose"}
	if diff := cmp.Diff(want, Aliases(ns)); diff != "" {
		t.Errorf("Aliases (-want +got):\n%s", diff)
	}
}

// TestSourceCompiles: the bindings are in the subset the embedded
// interpreter compiles (CPython runs them in the local_unsafe tests).
func TestSourceCompiles(t *testing.T) {
	if _, err := python.CompilePrelude(Filename, Source()); err != nil {
		t.Fatal(err)
	}
}
