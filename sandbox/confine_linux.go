//go:build linux

package sandbox

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"unsafe"

	seccomp "github.com/elastic/go-seccomp-bpf"
	"golang.org/x/sys/unix"
)

// confine applies what a worker does to itself before it reads its first
// request: resource limits it cannot raise again, and a seccomp filter
// (synchronised to every thread) that lets through only the system calls
// the Go runtime needs to compute, allocate, schedule threads and talk
// over the pipes it already has. It reports each measure.
func confine(lim workerLimits) []Protection {
	var out []Protection
	rl := Protection{Name: "rlimits", InForce: true}
	set := func(res int, v uint64, what string) {
		if err := unix.Setrlimit(res, &unix.Rlimit{Cur: v, Max: v}); err != nil {
			rl.InForce = false
			rl.Detail += fmt.Sprintf("%s: %v; ", what, err)
		}
	}
	if lim.addressSpace > 0 {
		set(unix.RLIMIT_AS, uint64(lim.addressSpace), "address space")
	}
	if lim.cpuSeconds > 0 {
		set(unix.RLIMIT_CPU, uint64(lim.cpuSeconds), "CPU time")
	}
	set(unix.RLIMIT_FSIZE, 0, "file size")
	set(unix.RLIMIT_CORE, 0, "core dumps")
	set(unix.RLIMIT_NOFILE, 16, "open files")
	if rl.InForce {
		rl.Detail = fmt.Sprintf("address space %d MiB, CPU time %ds, no files written, no core dumps, 16 descriptors", lim.addressSpace>>20, lim.cpuSeconds)
	} else {
		rl.Detail = "not all in force: " + rl.Detail
	}
	out = append(out, rl)

	nnp, _ := unix.PrctlRetInt(unix.PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0)
	out = append(out, protection("no_new_privs", nnp == 1, "set: no setuid or file-capability gain across execve", "not set"))
	out = append(out, parentDeathSignal())
	closed := closeInherited()
	// The host passes TZ alone (workerEnv), which decides local time.
	vars := slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "TZ=") })
	env := protection("environment", len(vars) == 0, "no variables (TZ excepted), private empty working directory, descriptors: the bridge (0-2) and the Go runtime's poller", fmt.Sprintf("%d variables besides TZ", len(vars)))
	if closed > 0 {
		env.Detail += fmt.Sprintf("; closed %d descriptor(s) inherited from the host", closed)
	}
	out = append(out, env)

	sc := Protection{Name: "seccomp"}
	if err := seccomp.LoadFilter(workerFilter()); err != nil {
		sc.Detail = fmt.Sprintf("not in force: %v", err)
	} else {
		sc.InForce = true
		sc.Detail = "allowlist of the Go runtime's system calls on every thread: no open, socket, connect, execve, fork, kill, ptrace; others fail with EPERM"
	}
	return append(out, sc)
}

// parentDeathSignal reports the signal the kernel sends the worker when
// the host's spawning thread ends. It is the main thread's setting (the
// Go runtime's other threads start without one), so it is read there: on
// another thread it would read as unset whatever the main thread has.
func parentDeathSignal() Protection {
	if tid, pid := unix.Gettid(), unix.Getpid(); tid != pid {
		return Protection{Name: "parent_death_signal", Detail: fmt.Sprintf("not known: confine ran on thread %d, not the main thread %d that holds it (WorkerMain runs only in a process started with %s as its first argument)", tid, pid, WorkerArg)}
	}
	var sig int32 // PR_GET_PDEATHSIG stores the signal at its argument
	_ = unix.Prctl(unix.PR_GET_PDEATHSIG, uintptr(unsafe.Pointer(&sig)), 0, 0, 0)
	return protection("parent_death_signal", sig == int32(unix.SIGKILL), "SIGKILL when the host's spawning thread ends: no worker outlives the server", "not set")
}

// closeInherited closes every descriptor above 2 but the Go runtime's own
// (its poller's epoll and eventfd): a descriptor the host had without
// close-on-exec reaches a worker otherwise. It returns how many it closed.
func closeInherited() int {
	n := 0
	for fd := 3; fd < 1024; fd++ {
		if _, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0); err != nil {
			continue
		}
		buf := make([]byte, 64)
		k, err := unix.Readlink(fmt.Sprintf("/proc/self/fd/%d", fd), buf)
		if err == nil && (string(buf[:k]) == "anon_inode:[eventpoll]" || string(buf[:k]) == "anon_inode:[eventfd]") {
			continue
		}
		unix.Close(fd)
		n++
	}
	return n
}

// protection reports a measure that is in force or not, with the words
// for each.
func protection(name string, ok bool, inForce, not string) Protection {
	if ok {
		return Protection{Name: name, InForce: true, Detail: inForce}
	}
	return Protection{Name: name, Detail: not}
}

// workerFilter is the seccomp allowlist. Anything not listed fails with
// EPERM; clone only makes threads; tgkill only signals this process;
// clone3 fails with ENOSYS so a C library's thread start falls back to
// clone.
func workerFilter() seccomp.Filter {
	pid := uint64(os.Getpid())
	return seccomp.Filter{
		NoNewPrivs: true,
		Flag:       seccomp.FilterFlagTSync,
		Policy: seccomp.Policy{
			DefaultAction: seccomp.ActionErrno,
			Syscalls: []seccomp.SyscallGroup{
				{
					Action: seccomp.ActionAllow,
					Names: []string{
						// The bridge and the death message.
						"read", "write", "close", "fcntl", "pipe2",
						// Memory.
						"mmap", "munmap", "madvise", "mprotect", "brk", "mremap",
						// Threads, scheduling, time.
						"futex", "sched_yield", "sched_getaffinity", "nanosleep", "clock_nanosleep",
						"clock_gettime", "gettimeofday", "gettid", "getpid", "set_robust_list", "rseq",
						"restart_syscall", "exit", "exit_group",
						// Signals within the process (preemption, crashes).
						"rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "sigaltstack",
						// The network poller the runtime uses for pipes and timers.
						"epoll_create1", "epoll_ctl", "epoll_pwait", "epoll_pwait2", "epoll_wait", "eventfd2",
						"getrandom",
					},
				},
				{
					Action: seccomp.ActionAllow,
					NamesWithCondtions: []seccomp.NameWithConditions{
						{Name: "clone", Conditions: []seccomp.Condition{{Argument: 0, Operation: seccomp.BitsSet, Value: unix.CLONE_THREAD}}},
						{Name: "tgkill", Conditions: []seccomp.Condition{{Argument: 0, Operation: seccomp.Equal, Value: pid}}},
					},
				},
				{
					Action: seccomp.ActionErrno | seccomp.Action(unix.ENOSYS),
					Names:  []string{"clone3"},
				},
			},
		},
	}
}
