package mcp

import "syscall"

// procAttr puts the server in its own process group (so it and its children
// can be signalled together) and asks the kernel to kill it if toolplane dies
// without cleaning up. Pdeathsig is tied to the OS thread that forked the
// child: isolate.Start forks from a thread of its own that ends only after
// the child has been reaped.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
