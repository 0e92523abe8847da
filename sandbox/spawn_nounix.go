//go:build !unix

package sandbox

import "errors"

// spawner cannot start workers here: process isolation needs a Unix host.
type spawner struct{ landlock Protection }

func newSpawner(string) *spawner {
	return &spawner{landlock: Protection{Name: "landlock", Detail: "not in force: Landlock is Linux only"}}
}

func (s *spawner) spawn([]string, []string, string, []uintptr) (int, error) {
	return 0, errors.New(`process isolation needs a Unix host; set [toolplane] isolation = "none"`)
}

func (s *spawner) close() {}
