//go:build linux

package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestPidsGroupRemovedWhileEmpty: a pool's group, empty between workers,
// is removed by another host that shares the cgroup and takes it for a
// dead host's (cleanStaleGroups in another PID namespace, where this
// process's PID names no process; here the same rmdir done directly).
// The next worker must still be put in a group of its own: without the
// group made again, every worker from then on had the watch alone while
// doctor said the kernel held them.
func TestPidsGroupRemovedWhileEmpty(t *testing.T) {
	g := newPidsGroups(MaxWorkerThreads)
	if !g.prot.InForce {
		t.Skipf("per-worker cgroups not in force here: %s", g.prot.Detail)
	}
	defer g.close()
	if err := os.Remove(g.dir); err != nil {
		t.Fatalf("removing the pool's empty group as another host's clean-up would: %v", err)
	}
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	leave := g.add(cmd.Process.Pid)
	if leave == nil {
		t.Fatalf("the worker was not put in a group of its own after the pool's group was removed (%s)", g.dir)
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/cgroup")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), filepath.Base(g.dir)+"/w") {
		t.Errorf("the worker's cgroups do not name its group in %s:\n%s", g.dir, b)
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	leave()
}
