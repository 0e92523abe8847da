package admission_test

import (
	"os"
	"testing"

	"github.com/toolplane/toolplane/plugins/spill"
)

// TestMain serves as spill_explore's worker when the spill plugin starts
// this test binary as one.
func TestMain(m *testing.M) {
	spill.ExploreWorkerMain()
	os.Exit(m.Run())
}
