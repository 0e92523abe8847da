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
	return killMarked(marker, nil)
}

// KillMarkedSince is KillMarked for a child whose first process has pid
// first and that ended a moment ago: its descendants were created after
// it, and Linux hands out process ids in turn (wrapping at pid_max), so
// they are among the ids from first to the last one handed out (the last
// field of /proc/loadavg). Only those are read, not every process's
// environment: a scan of every process cost a CLI call of `true` 0.5 ms
// with 90 processes on the machine, and grows with them. It falls back to
// a full scan when it finds any (a daemon forking as it is killed) or
// cannot tell the range; the caller must do a full scan (KillMarked) when
// the child ran long enough for the ids to wrap.
func KillMarkedSince(marker string, first int) int {
	last, ok := lastPID()
	if !ok {
		return KillMarked(marker)
	}
	// Few ids handed out since (the usual case): look at each, without
	// listing /proc.
	if n := last - first + 1; n > 0 && n <= maxDirectIDs {
		want := []byte(marker)
		found := 0
		for pid := first; pid <= last; pid++ {
			found += killIfMarked(pid, want)
		}
		if found > 0 {
			return found + KillMarked(marker)
		}
		return 0
	}
	if n := killMarked(marker, func(pid int) bool { return idsBetween(pid, first, last) }); n > 0 {
		return n + KillMarked(marker)
	}
	return 0
}

// maxDirectIDs is how many process ids KillMarkedSince looks at one by
// one rather than listing /proc.
const maxDirectIDs = 256

// killIfMarked kills process pid if its environment holds want, and
// reports 1 if it did.
func killIfMarked(pid int, want []byte) int {
	if pid == os.Getpid() {
		return 0
	}
	env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil || !hasEnvEntry(env, want) {
		return 0
	}
	if syscall.Kill(pid, syscall.SIGKILL) == nil {
		return 1
	}
	return 0
}

// idsBetween reports whether pid was handed out from first to last, in the
// cyclic order of process ids.
func idsBetween(pid, first, last int) bool {
	if first <= last {
		return pid >= first && pid <= last
	}
	return pid >= first || pid <= last
}

// lastPID is the process id handed out last in the pid namespace of
// /proc, when that is toolplane's own.
func lastPID() (int, bool) {
	self, err := os.Readlink("/proc/self")
	if err != nil || self != strconv.Itoa(os.Getpid()) {
		return 0, false
	}
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, false
	}
	f := bytes.Fields(data)
	if len(f) < 5 {
		return 0, false
	}
	n, err := strconv.Atoi(string(f[4]))
	return n, err == nil && n > 0
}

// killMarked kills the marked processes among those only admits (nil:
// all), in rounds while it finds any, and reports how many it killed.
func killMarked(marker string, only func(pid int) bool) int {
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
			if err != nil || pid == self || only != nil && !only(pid) {
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
