package security_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestBinariesBuiltLikeTheRelease: the attacked binaries are built with
// CGO_ENABLED=0, as the release is (Dockerfile): a cgo binary links C
// threads that can take a signal Go's runtime did not expect (a `fatal:
// morestack on gsignal` was seen once under signal jitter), and what the
// suite attacks must be what ships.
func TestBinariesBuiltLikeTheRelease(t *testing.T) {
	t.Parallel()
	for _, bin := range []string{bins.Toolplane, bins.HostileMCP, bins.TestMCP} {
		out, err := exec.Command("go", "version", "-m", bin).CombinedOutput()
		if err != nil {
			t.Fatalf("go version -m %s: %v\n%s", bin, err, out)
		}
		if !strings.Contains(string(out), "CGO_ENABLED=0") {
			t.Errorf("%s was not built with CGO_ENABLED=0:\n%s", bin, out)
		}
	}
}
