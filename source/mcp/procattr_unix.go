//go:build unix && !linux

package mcp

import "syscall"

// procAttr puts the server in its own process group so it and its children
// can be signalled together. Without Pdeathsig outside Linux, the guard pipe
// (see startProcess) is what ends the group when toolplane dies.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
