//go:build !linux

package sandbox

// confine applies nothing outside Linux, and says so.
func confine(workerLimits) []Protection {
	return []Protection{{Name: "seccomp", Detail: "not in force: seccomp is Linux only"}}
}
