//go:build !linux

package mcp

// killMarked finds processes by their environment in /proc, which only
// Linux has; elsewhere a daemonised descendant of a stdio server outlives
// it (the process group is what stop reaches).
func killMarked(string) int { return 0 }
