package plugin_test

import (
	"os/exec"
	"sort"
	"strings"
	"testing"
)

// publicAPI are the packages of this module a plugin may import: the
// plugin API, the dispatch chain and what its types are made of, the
// configuration types, selectors, and the audit logger (one logger and
// schema for the base and the audit plugin).
var publicAPI = map[string]bool{
	"github.com/toolplane/toolplane/plugin":     true,
	"github.com/toolplane/toolplane/dispatch":   true,
	"github.com/toolplane/toolplane/capability": true,
	"github.com/toolplane/toolplane/config":     true,
	"github.com/toolplane/toolplane/selector":   true,
	"github.com/toolplane/toolplane/audit":      true,
}

// TestPluginsOnlyImportThePublicAPI keeps every built-in plugin
// externalizable: its production code imports nothing of this module
// but the public plugin API (not server, session, results or an internal
// package), so an outside author can write anything a built-in does.
// Test files may compose freely.
func TestPluginsOnlyImportThePublicAPI(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "github.com/toolplane/toolplane/plugins/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 2 {
		t.Fatalf("go list found %d plugin packages, want the built-ins:\n%s", len(lines), out)
	}
	var allowed []string
	for k := range publicAPI {
		allowed = append(allowed, strings.TrimPrefix(k, "github.com/toolplane/toolplane/"))
	}
	sort.Strings(allowed)
	for _, ln := range lines {
		fields := strings.Fields(ln)
		for _, imp := range fields[1:] {
			if strings.HasPrefix(imp, "github.com/toolplane/toolplane") && !publicAPI[imp] {
				t.Errorf("%s imports %s: a plugin may only use the public API (%s); make what it needs a public capability of the base", fields[0], imp, strings.Join(allowed, ", "))
			}
		}
	}
}
