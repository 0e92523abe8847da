//go:build unix && !linux

package sandbox

import "syscall"

// spawner starts workers. Outside Linux there is no Landlock and no parent
// death signal: workers end when the host closes their stdin.
type spawner struct{ landlock Protection }

func newSpawner(string) *spawner {
	return &spawner{landlock: Protection{Name: "landlock", Detail: "not in force: Landlock is Linux only"}}
}

func (s *spawner) spawn(argv, env []string, dir string, files []uintptr) (int, error) {
	return syscall.ForkExec(argv[0], argv, &syscall.ProcAttr{Dir: dir, Env: env, Files: files, Sys: &syscall.SysProcAttr{Setsid: true}})
}

func (s *spawner) close() {}
