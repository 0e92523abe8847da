package childenv

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
	"time"
)

// KillMarked kills every process toolplane may signal whose environment
// holds marker (see Marker), repeating while it finds any (a daemon may
// fork again as it is killed), and reports how many it killed. Its
// processes are the child's descendants that left its process group: a
// daemon (double fork and setsid) is reparented to init in a session of
// its own, where the group's SIGKILL does not reach it, but it keeps the
// environment it inherited.
//
// A process that replaced its environment (exec with a new one) escapes
// this; children run as the operator's own programs, so that is a program
// hiding on purpose, not one that forgot to clean up.
func KillMarked(marker string) int {
	want := []byte(marker)
	self := os.Getpid()
	killed := map[int]bool{}
	for round := 0; round < 20; round++ {
		if round > 0 {
			// Let the killed die before looking again.
			time.Sleep(10 * time.Millisecond)
		}
		found := 0
		dir, err := os.ReadDir("/proc")
		if err != nil {
			return len(killed)
		}
		for _, e := range dir {
			pid, err := strconv.Atoi(e.Name())
			if err != nil || pid == self {
				continue
			}
			env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
			if err != nil || !hasEnvEntry(env, want) {
				continue
			}
			if syscall.Kill(pid, syscall.SIGKILL) == nil {
				found++
				killed[pid] = true
			}
		}
		if found == 0 {
			break
		}
	}
	return len(killed)
}

// hasEnvEntry reports whether env, a NUL-separated environment, holds the
// entry want exactly.
func hasEnvEntry(env, want []byte) bool {
	for len(env) > 0 {
		entry, rest, _ := bytes.Cut(env, []byte{0})
		if bytes.Equal(entry, want) {
			return true
		}
		env = rest
	}
	return false
}
