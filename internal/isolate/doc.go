// Package isolate starts the processes toolplane runs for third parties
// (stdio MCP servers, allowlisted CLI binaries) apart from each other.
//
// They all run as toolplane's user, and Linux lets a process read the
// /proc environment, memory, descriptors and working directory of any
// other process of its user that is dumpable, and signal it. toolplane
// itself is not dumpable (cmd/toolplane), but exec makes every child
// dumpable again, and a child's secrets are in its environment: a hostile
// upstream read its siblings' API keys from /proc/PID/environ, and a
// snippet could have an allowlisted binary read them, or SIGSTOP
// toolplane. No exec shim can help (execve resets the dumpable flag) and
// a different uid needs privileges; a Landlock domain is what an
// unprivileged process can give a child that survives execve and is
// inherited by every descendant. Landlock refuses ptrace access (which
// guards /proc/PID/environ, mem, maps, fd, cwd, exe) and, from ABI 6,
// signals from inside a domain to any process outside it. So each child
// gets a domain of its own: it can reach its own descendants, and no
// other child's, nor toolplane.
//
// Landlock confines only the thread that asks, and a child gets the
// domain of the thread that forked it. Start therefore forks each child
// from a fresh OS thread that it confines first and never gives back:
// the goroutine holding it waits for the child and then exits, and the Go
// runtime ends a thread whose goroutine exits locked (and starts new
// threads from a clean template thread, never from a locked one). A thread
// cannot leave a domain or make a sibling one, so one thread per child is
// the only way the domains are disjoint.
//
// The domain restricts nothing else the child does: the only filesystem
// right it handles is creating block devices, which needs privileges
// anyway. PR_SET_NO_NEW_PRIVS, which Landlock requires of an unprivileged
// process, is inherited as well: setuid and file capabilities grant
// nothing in the child.
//
// What this cannot stop: a process running as root (CAP_PERFMON reads
// any process's memory maps and environment whatever Landlock says), and
// a child that has a service of the user start a process for it outside
// any domain (systemd --user, at, a container daemon).
package isolate
