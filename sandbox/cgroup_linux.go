//go:build linux

package sandbox

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// pidsGroups holds each worker of a pool to MaxWorkerThreads threads in
// the kernel: a cgroup of its own (in the pids controller's hierarchy, v1
// or v2, under this process's cgroup) whose pids.max refuses the thread
// after the last, however fast a worker makes them. The host's watch
// looks every 50 ms; a worker made 1000 threads between two looks. A
// worker is moved into its group before it is sent its first run, while
// it still runs only our code. Where the process may not make cgroups
// (not root, the controller not delegated), the watch's poll is all, and
// the protection says why (doctor, and serve's log at start).
type pidsGroups struct {
	dir  string // the pool's group; "" when not in force
	max  int
	prot Protection
}

// poolGroups numbers the pools of this process, for their groups' names.
var poolGroups atomic.Int64

func newPidsGroups(max int) *pidsGroups {
	g := &pidsGroups{max: max, prot: Protection{Name: "threads"}}
	base, err := pidsCgroupDir()
	if err == nil {
		cleanStaleGroups(base)
		g.dir = filepath.Join(base, fmt.Sprintf("toolplane-sandbox-%d-%d", os.Getpid(), poolGroups.Add(1)))
		err = g.probe(base)
	}
	if err != nil {
		g.dir = ""
		g.prot.Detail = fmt.Sprintf("not in force: no cgroup of its own for each worker (%v); the host looks at each worker's threads every %s and kills one past %d, so a worker can make many threads between two looks", err, watchEvery, max)
		return g
	}
	g.prot.InForce = true
	g.prot.Detail = fmt.Sprintf("the kernel holds each worker to %d threads (a cgroup of its own, pids.max)", max)
	return g
}

// probe makes the pool's group and checks a worker's group in it takes a
// pids.max.
func (g *pidsGroups) probe(base string) error {
	// cgroup v2: the controller must be enabled for the children of the
	// groups on the way; v1 has no such file.
	if _, err := os.Stat(filepath.Join(base, "cgroup.subtree_control")); err == nil {
		if err := os.WriteFile(filepath.Join(base, "cgroup.subtree_control"), []byte("+pids"), 0); err != nil {
			return fmt.Errorf("enabling the pids controller below %s: %w", base, err)
		}
	}
	if err := os.Mkdir(g.dir, 0o755); err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(g.dir, "cgroup.subtree_control")); err == nil {
		if err := os.WriteFile(filepath.Join(g.dir, "cgroup.subtree_control"), []byte("+pids"), 0); err != nil {
			os.Remove(g.dir)
			return fmt.Errorf("enabling the pids controller below %s: %w", g.dir, err)
		}
	}
	probe := filepath.Join(g.dir, "probe")
	err := os.Mkdir(probe, 0o755)
	if err == nil {
		err = os.WriteFile(filepath.Join(probe, "pids.max"), []byte(strconv.Itoa(g.max)), 0)
		os.Remove(probe)
	}
	if err != nil {
		os.Remove(g.dir)
	}
	return err
}

// add moves the process pid into a group of its own. leave, called once
// it is reaped, removes the group and reports whether the kernel refused
// it a thread; nil when not in force or the move failed (the poll
// remains).
func (g *pidsGroups) add(pid int) (leave func() (refused bool)) {
	if g.dir == "" {
		return nil
	}
	dir := filepath.Join(g.dir, "w"+strconv.Itoa(pid))
	err := os.Mkdir(dir, 0o755)
	if errors.Is(err, os.ErrNotExist) {
		// The pool's group is gone while empty: another host sharing
		// this cgroup (in another PID namespace, where this process's
		// PID names no process) took it for a dead host's. Made again,
		// or the workers from now on would have the watch alone.
		if err = os.Mkdir(g.dir, 0o755); err == nil || errors.Is(err, os.ErrExist) {
			if _, serr := os.Stat(filepath.Join(g.dir, "cgroup.subtree_control")); serr == nil {
				_ = os.WriteFile(filepath.Join(g.dir, "cgroup.subtree_control"), []byte("+pids"), 0)
			}
			err = os.Mkdir(dir, 0o755)
		}
	}
	if err != nil {
		return nil
	}
	remove := func() {
		// A group empties as its last task is released, a moment after
		// the reap at most.
		for range 50 {
			if err := os.Remove(dir); err == nil || !errors.Is(err, syscall.EBUSY) {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	if os.WriteFile(filepath.Join(dir, "pids.max"), []byte(strconv.Itoa(g.max)), 0) != nil ||
		os.WriteFile(filepath.Join(dir, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0) != nil {
		remove()
		return nil
	}
	return func() bool {
		b, _ := os.ReadFile(filepath.Join(dir, "pids.events"))
		refused := false
		for line := range strings.Lines(string(b)) {
			if f := strings.Fields(line); len(f) == 2 && f[0] == "max" && f[1] != "0" {
				refused = true
			}
		}
		remove()
		return refused
	}
}

// close removes the pool's group and what is left of its workers' (their
// processes being reaped as the pool closes), waiting up to 2 s for them
// to empty.
func (g *pidsGroups) close() {
	if g.dir == "" {
		return
	}
	for range 40 {
		if removeGroup(g.dir) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// removeGroup removes the empty group dir and the empty groups in it, and
// reports whether it is gone.
func removeGroup(dir string) bool {
	subs, _ := os.ReadDir(dir)
	for _, s := range subs {
		if s.IsDir() {
			os.Remove(filepath.Join(dir, s.Name()))
		}
	}
	err := os.Remove(dir)
	return err == nil || errors.Is(err, os.ErrNotExist)
}

// cleanStaleGroups removes the empty groups of pools of processes that are
// gone (a host that was killed leaves its groups behind).
func cleanStaleGroups(base string) {
	entries, _ := os.ReadDir(base)
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), "toolplane-sandbox-")
		if !ok || !e.IsDir() {
			continue
		}
		pidText, _, _ := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		// Only a PID that names no process is a dead host's: one that
		// we may not signal (EPERM) is alive.
		if err != nil || pid == os.Getpid() || !errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
			continue
		}
		removeGroup(filepath.Join(base, e.Name()))
	}
}

// pidsCgroupDir is this process's cgroup directory in the hierarchy of
// the pids controller: a cgroup v1 hierarchy that has it, else the v2
// one if its controllers list it.
func pidsCgroupDir() (string, error) {
	own, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", err
	}
	mounts, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return "", err
	}
	var v1Path, v2Path string
	hasV1, hasV2 := false, false
	for line := range strings.Lines(string(own)) {
		f := strings.SplitN(strings.TrimSpace(line), ":", 3)
		if len(f) != 3 {
			continue
		}
		switch {
		case f[0] == "0" && f[1] == "":
			v2Path, hasV2 = f[2], true
		case containsField(f[1], "pids"):
			v1Path, hasV1 = f[2], true
		}
	}
	// mountinfo: ID parent major:minor root mountpoint options... - type source superoptions
	sc := bufio.NewScanner(bytes.NewReader(mounts))
	for sc.Scan() {
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		if !ok {
			continue
		}
		f, g := strings.Fields(pre), strings.Fields(post)
		if len(f) < 5 || len(g) < 3 {
			continue
		}
		root, point := f[3], f[4]
		switch {
		case hasV1 && g[0] == "cgroup" && containsField(g[2], "pids"):
			return filepath.Join(point, relCgroup(v1Path, root)), nil
		case !hasV1 && hasV2 && g[0] == "cgroup2":
			dir := filepath.Join(point, relCgroup(v2Path, root))
			ctl, err := os.ReadFile(filepath.Join(dir, "cgroup.controllers"))
			if err != nil {
				return "", err
			}
			if !containsField(strings.ReplaceAll(strings.TrimSpace(string(ctl)), " ", ","), "pids") {
				return "", fmt.Errorf("the pids controller is not available in %s", dir)
			}
			return dir, nil
		}
	}
	return "", errors.New("no mounted cgroup hierarchy has the pids controller")
}

// relCgroup is a cgroup path relative to the mount that shows root of
// the hierarchy.
func relCgroup(path, root string) string {
	if root == "/" {
		return path
	}
	if rel, ok := strings.CutPrefix(path, root); ok {
		return rel
	}
	return path
}

func containsField(list, name string) bool {
	for f := range strings.SplitSeq(list, ",") {
		if f == name {
			return true
		}
	}
	return false
}
