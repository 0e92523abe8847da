//go:build linux

package isolate

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// asUser is the prefix that runs a command as a user without privileges
// when the test runs as root, whose CAP_PERFMON reads every process's
// environment whatever Landlock says.
func asUser(t *testing.T) []string {
	t.Helper()
	if os.Geteuid() != 0 {
		return nil
	}
	path, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("running as root, and no setpriv to run the children as a user without privileges")
	}
	return []string{path, "--reuid=65534", "--regid=65534", "--clear-groups"}
}

// start starts argv through Start and returns its combined output once it
// has ended, through the returned function.
func start(t *testing.T, env []string, argv ...string) (pid int, output func() string) {
	t.Helper()
	argv = append(asUser(t), argv...)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = env
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	waited := make(chan error, 1)
	if err := Start(cmd, func(err error) { waited <- err }); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	return cmd.Process.Pid, func() string {
		select {
		case <-waited:
		case <-time.After(30 * time.Second):
			t.Fatalf("%v did not end", argv)
		}
		return out.String()
	}
}

// TestAttackSiblingReadsEnvironment: two children of toolplane run as the
// same user; one holds an API key in its environment (a stdio MCP server
// given env://), the other reads /proc/PID/environ, maps and mem of the
// first, and signals it. Before each child had a Landlock domain of its
// own, every read gave the key and the signal went through; now each is
// refused, while a child still reads and signals its own descendants.
func TestAttackSiblingReadsEnvironment(t *testing.T) {
	t.Parallel()
	if ok, detail := Check(); !ok && !strings.Contains(detail, "root") {
		t.Skip(detail)
	}
	const secret = "sk-sibling-secret-4b1e"
	victim, _ := start(t, []string{"PATH=/usr/bin:/bin", "API_KEY=" + secret}, "sleep", "60")
	time.Sleep(100 * time.Millisecond) // past its execve
	script := fmt.Sprintf(`for f in environ maps mem; do
  if cat /proc/%[1]d/$f >/dev/null 2>&1; then echo "$f read"; else echo "$f refused"; fi
done
cat /proc/%[1]d/environ 2>/dev/null
if kill -CONT %[1]d 2>/dev/null; then echo "signal sent"; else echo "signal refused"; fi
MINE=own-child sleep 5 & 
sleep 0.2
if tr '\0' '\n' </proc/$!/environ | grep -q MINE=own-child; then echo "own child read"; else echo "own child refused"; fi
if kill $! 2>/dev/null; then echo "own child signalled"; fi
`, victim)
	_, output := start(t, []string{"PATH=/usr/bin:/bin"}, "/bin/sh", "-c", script)
	got := output()
	if strings.Contains(got, secret) {
		t.Errorf("a sibling read the key from /proc/%d/environ:\n%s", victim, got)
	}
	want := []string{"environ refused", "maps refused", "mem refused", "own child read", "own child signalled"}
	if abi, _, e := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION); e == 0 && abi >= scopeABI {
		want = append(want, "signal refused")
	}
	for _, want := range want {
		if !strings.Contains(got, want) {
			t.Errorf("want %q:\n%s", want, got)
		}
	}
}

// TestCheck: on this host the report says what is in force or why not.
func TestCheck(t *testing.T) {
	t.Parallel()
	ok, detail := Check()
	if ok != strings.HasPrefix(detail, "Landlock ABI") {
		t.Errorf("Check() = %v, %q", ok, detail)
	}
}
