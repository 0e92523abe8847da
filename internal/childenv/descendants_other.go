//go:build !linux

package childenv

// KillMarked finds processes by their environment in /proc, which only
// Linux has; elsewhere a daemonised descendant of a child outlives it (its
// process group is what toolplane reaches).
func KillMarked(string) int { return 0 }

// KillMarkedSince is KillMarked for a child whose first process has pid
// first; see the Linux version.
func KillMarkedSince(string, int) int { return 0 }
