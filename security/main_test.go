package security_test

import (
	"os"
	"testing"

	"github.com/toolplane/toolplane/internal/e2e"
)

// bins are the binaries TestMain built.
var bins e2e.Binaries

func TestMain(m *testing.M) { os.Exit(e2e.Main(m, &bins)) }
