//go:build !toolplane_e2e || !linux

package sandbox

// testHookRun is the worker test hook of toolplane_e2e builds (the
// end-to-end harness's, internal/e2e); a production build has none, so no
// snippet and no configuration can reach it.
func testHookRun(*RunRequest, *worker) *RunResult { return nil }

// TestHooks reports whether this build has the worker test hooks.
const TestHooks = false
