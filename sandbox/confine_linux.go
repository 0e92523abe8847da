//go:build linux

package sandbox

import (
	"fmt"
	"os"

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
	out = append(out, Protection{Name: "no_new_privs", InForce: nnp == 1, Detail: map[bool]string{
		true:  "set: no setuid or file-capability gain across execve",
		false: "not set"}[nnp == 1]})
	pd, _ := unix.PrctlRetInt(unix.PR_GET_PDEATHSIG, 0, 0, 0, 0)
	out = append(out, Protection{Name: "parent_death_signal", InForce: pd == int(unix.SIGKILL), Detail: map[bool]string{
		true:  "SIGKILL when the host's spawning thread ends: no worker outlives the server",
		false: "not set"}[pd == int(unix.SIGKILL)]})
	out = append(out, Protection{Name: "environment", InForce: len(os.Environ()) == 0, Detail: fmt.Sprintf("%d variables, descriptors 0-2 only, private empty working directory", len(os.Environ()))})

	sc := Protection{Name: "seccomp"}
	if err := seccomp.LoadFilter(workerFilter()); err != nil {
		sc.Detail = fmt.Sprintf("not in force: %v", err)
	} else {
		sc.InForce = true
		sc.Detail = "allowlist of the Go runtime's system calls on every thread: no open, socket, connect, execve, fork, kill, ptrace; others fail with EPERM"
	}
	return append(out, sc)
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
