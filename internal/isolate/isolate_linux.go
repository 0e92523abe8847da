//go:build linux

package isolate

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// rulesetAttr is the prefix of struct landlock_ruleset_attr this code
// sets; the size passed tells the kernel which fields it has.
type rulesetAttr struct {
	fs, net, scoped uint64
}

// scopeABI is the first Landlock ABI that scopes signals.
const scopeABI = 6

// Start starts cmd in a Landlock domain of its own (see the package
// comment) and calls exited with cmd.Wait's result once it has ended.
// Where the kernel has no Landlock, cmd starts without one: Check says
// so. Any other failure to confine is returned and cmd is not started.
func Start(cmd *exec.Cmd, exited func(error)) error {
	return startOnThread(cmd, exited, true)
}

// StartShared starts cmd as any process of this user, in no domain of
// its own (a server configured with isolation = "none"), and calls exited
// with cmd.Wait's result once it has ended. It waits on a locked thread
// as Start does, so a parent death signal set on cmd fires only when the
// child has ended.
func StartShared(cmd *exec.Cmd, exited func(error)) error {
	return startOnThread(cmd, exited, false)
}

// startOnThread starts cmd from a fresh locked OS thread, confined first
// when confine is set, and waits for it there; the thread ends with it.
func startOnThread(cmd *exec.Cmd, exited func(error), confine bool) error {
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		// Never unlocked: the thread ends with this goroutine, and its
		// domain with it.
		if confine {
			if _, err := confineThread(); err != nil && !errors.Is(err, errUnavailable) {
				started <- fmt.Errorf("starting %s in a Landlock domain of its own: %w", cmd.Path, err)
				return
			}
		}
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		exited(cmd.Wait())
	}()
	return <-started
}

// errUnavailable marks a kernel without Landlock (not built, not enabled
// at boot, or refused by a seccomp filter of the host).
var errUnavailable = errors.New("this kernel has no Landlock")

// confineThread puts the calling thread, which must be locked to its
// goroutine, in a new Landlock domain and reports the ABI version.
func confineThread() (int, error) {
	abi, _, e := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if e != 0 {
		return 0, fmt.Errorf("%w (%v)", errUnavailable, e)
	}
	// A ruleset must handle something. Making block devices needs
	// CAP_MKNOD, so refusing it takes nothing from an unprivileged child.
	attr := rulesetAttr{fs: unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK}
	size := unsafe.Sizeof(attr.fs)
	if abi >= scopeABI {
		attr.scoped = unix.LANDLOCK_SCOPE_SIGNAL
		size = unsafe.Sizeof(attr)
	}
	fd, _, e := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), size, 0)
	if e != 0 {
		return 0, fmt.Errorf("creating the ruleset: %w", e)
	}
	defer unix.Close(int(fd))
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return 0, fmt.Errorf("PR_SET_NO_NEW_PRIVS: %w", err)
	}
	if _, _, e := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, fd, 0, 0); e != 0 {
		return 0, fmt.Errorf("landlock_restrict_self: %w", e)
	}
	return int(abi), nil
}

// Check confines a throwaway thread as Start confines each child's, and
// reports whether the children of this process are kept apart, with the
// words for it or for why not.
func Check() (inForce bool, detail string) {
	type result struct {
		abi int
		err error
	}
	done := make(chan result, 1)
	go func() {
		runtime.LockOSThread()
		// Never unlocked: the confined thread ends with this goroutine.
		abi, err := confineThread()
		done <- result{abi, err}
	}()
	r := <-done
	switch {
	case errors.Is(r.err, errUnavailable):
		return false, fmt.Sprintf("not in force: %v; each stdio MCP server and CLI binary can read the environment (its secrets) and memory of the others through /proc, and signal them and toolplane; enable CONFIG_SECURITY_LANDLOCK and add landlock to the lsm= boot parameter, or give servers that hold secrets a host of their own", r.err)
	case r.err != nil:
		return false, fmt.Sprintf("not in force: %v; stdio MCP servers and CLI binaries do not start", r.err)
	case os.Geteuid() == 0:
		return false, "not in force: toolplane runs as root, so its children do too, and root reads every process's environment and memory (CAP_PERFMON) whatever Landlock says; run toolplane as a user without privileges"
	}
	d := fmt.Sprintf("Landlock ABI %d: each stdio MCP server and CLI run is in a domain of its own: it cannot read another's (or toolplane's) environment, memory or descriptors through /proc, nor ptrace it", r.abi)
	if r.abi >= scopeABI {
		d += ", nor signal it"
	} else {
		d += fmt.Sprintf("; it can still signal them (Landlock ABI %d scopes signals)", scopeABI)
	}
	return true, d
}
