//go:build !linux

package isolate

import "os/exec"

// Start starts cmd and calls exited with cmd.Wait's result once it has
// ended. Only Linux has Landlock; elsewhere children are not kept apart.
func Start(cmd *exec.Cmd, exited func(error)) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { exited(cmd.Wait()) }()
	return nil
}

// Check reports that children are not kept apart here.
func Check() (inForce bool, detail string) {
	return false, "not in force: only Linux keeps toolplane's children apart (Landlock); each stdio MCP server and CLI binary can read the others' memory and environment where this system lets a user's processes do so"
}

// StartShared is Start: there are no domains here.
func StartShared(cmd *exec.Cmd, exited func(error)) error { return Start(cmd, exited) }
