package childenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestKillMarkedSince: a daemon started by a marked child (setsid, out of
// its process group) is found among the ids handed out since the child's
// first process and killed; an unmarked process is left alone.
func TestKillMarkedSince(t *testing.T) {
	if _, err := os.Stat("/proc/loadavg"); err != nil {
		t.Skip("no /proc")
	}
	marker, err := Marker()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	other := exec.Command("sleep", "60")
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = other.Process.Kill(); _ = other.Wait() })

	cmd := exec.Command("/bin/sh", "-c", `setsid sh -c 'echo $$ > "$1.tmp"; mv "$1.tmp" "$1"; exec sleep 60' sh "$1" </dev/null >/dev/null 2>&1 &
while [ ! -e "$1" ]; do sleep 0.01; done`, "sh", pidFile)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), marker}
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	daemon, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = syscall.Kill(daemon, syscall.SIGKILL) })
	if n := KillMarkedSince(marker, cmd.Process.Pid); n < 1 {
		t.Fatalf("KillMarkedSince killed %d processes, want the daemon %d", n, daemon)
	}
	for deadline := time.Now().Add(10 * time.Second); syscall.Kill(daemon, 0) == nil; time.Sleep(20 * time.Millisecond) {
		if stat, _ := os.ReadFile("/proc/" + strconv.Itoa(daemon) + "/stat"); strings.Contains(string(stat), ") Z") {
			break // killed, waiting for init to reap it
		}
		if time.Now().After(deadline) {
			t.Fatalf("the daemon %d is still running", daemon)
		}
	}
	if err := other.Process.Signal(syscall.Signal(0)); err != nil {
		t.Errorf("an unmarked process was killed: %v", err)
	}
	if !idsBetween(5, 32000, 10) || idsBetween(20, 32000, 10) || !idsBetween(7, 5, 9) || idsBetween(4, 5, 9) {
		t.Error("idsBetween does not wrap as process ids do")
	}
}
