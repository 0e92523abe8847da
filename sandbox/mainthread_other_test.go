//go:build !linux

package sandbox

// leaveMainThread does nothing where workers have no parent-death signal.
func leaveMainThread() {}
