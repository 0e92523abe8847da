//go:build !linux

package childenv

// KillMarked finds processes by their environment in /proc, which only
// Linux has; elsewhere a daemonised descendant of a child outlives it (its
// process group is what toolplane reaches).
func KillMarked(string) int { return 0 }
