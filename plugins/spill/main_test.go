package spill

import (
	"os"
	"testing"
)

// TestMain serves as the explore worker when the tests start this binary
// as one.
func TestMain(m *testing.M) {
	ExploreWorkerMain()
	os.Exit(m.Run())
}
