//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// spawner starts workers from one OS thread of the host that is confined
// by Landlock before its first fork. Landlock (before ABI 8) restricts only
// the calling thread, and a Go program has many; but a child inherits the
// domain of the thread that forked it, and after execve every thread of
// the worker is in it. So the host confines a thread of its own that does
// nothing but fork workers: the goroutine holding it never unlocks it, and
// the thread ends with the goroutine (the Go runtime starts new threads
// for a locked one from a clean template thread, never from it).
//
// The thread is also what PR_SET_PDEATHSIG watches: when it ends (Close,
// or the host dies) every worker it started is killed.
type spawner struct {
	reqs     chan spawnReq
	landlock Protection
	stopped  chan struct{}

	mu     sync.RWMutex // spawn holds it to read, close to write
	closed bool
}

type spawnReq struct {
	argv  []string
	env   []string
	dir   string
	files []uintptr
	reply chan spawnResult
}

type spawnResult struct {
	pid int
	err error
}

func newSpawner(exe string) *spawner {
	s := &spawner{reqs: make(chan spawnReq), stopped: make(chan struct{})}
	ready := make(chan struct{})
	go s.loop(exe, ready)
	<-ready
	return s
}

func (s *spawner) loop(exe string, ready chan struct{}) {
	runtime.LockOSThread()
	// Never unlocked: see the type's comment.
	defer close(s.stopped)
	s.landlock = landlockThread(exe)
	close(ready)
	for r := range s.reqs {
		pid, err := syscall.ForkExec(r.argv[0], r.argv, &syscall.ProcAttr{
			Dir:   r.dir,
			Env:   r.env,
			Files: r.files,
			Sys: &syscall.SysProcAttr{
				Pdeathsig: syscall.SIGKILL,
				// Its own session: a terminal's ^C goes to the host, which
				// decides what happens to runs.
				Setsid: true,
			},
		})
		r.reply <- spawnResult{pid, err}
	}
}

func (s *spawner) spawn(argv, env []string, dir string, files []uintptr) (int, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return 0, errors.New("sandbox: the worker pool is closed")
	}
	reply := make(chan spawnResult, 1)
	s.reqs <- spawnReq{argv: argv, env: env, dir: dir, files: files, reply: reply}
	r := <-reply
	return r.pid, r.err
}

// close ends the spawner's thread, which kills every worker it started.
func (s *spawner) close() {
	s.mu.Lock()
	if !s.closed {
		s.closed = true
		close(s.reqs)
	}
	s.mu.Unlock()
	<-s.stopped
}

// Landlock access rights by ABI version.
const (
	llFSv1 = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_READ_FILE |
		unix.LANDLOCK_ACCESS_FS_READ_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_FILE |
		unix.LANDLOCK_ACCESS_FS_MAKE_CHAR | unix.LANDLOCK_ACCESS_FS_MAKE_DIR | unix.LANDLOCK_ACCESS_FS_MAKE_REG |
		unix.LANDLOCK_ACCESS_FS_MAKE_SOCK | unix.LANDLOCK_ACCESS_FS_MAKE_FIFO | unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK |
		unix.LANDLOCK_ACCESS_FS_MAKE_SYM
	llFSv2 = llFSv1 | unix.LANDLOCK_ACCESS_FS_REFER
	llFSv3 = llFSv2 | unix.LANDLOCK_ACCESS_FS_TRUNCATE
	llFSv5 = llFSv3 | unix.LANDLOCK_ACCESS_FS_IOCTL_DEV
	llNet  = unix.LANDLOCK_ACCESS_NET_BIND_TCP | unix.LANDLOCK_ACCESS_NET_CONNECT_TCP
	// What the worker may do with its own binary and the system's shared
	// libraries: load them at execve, nothing else.
	llLoad = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_READ_FILE
)

// rulesetAttr is the prefix of struct landlock_ruleset_attr this code
// sets; the size passed tells the kernel which fields it has.
type rulesetAttr struct {
	fs, net, scoped uint64
}

// libraryDirs hold what the dynamic loader maps into a cgo-linked worker.
var libraryDirs = []string{"/lib", "/lib64", "/usr/lib", "/usr/lib64", "/usr/local/lib", "/etc/ld.so.cache"}

// landlockThread confines the calling thread: no filesystem access except
// executing the worker binary and reading shared libraries, no TCP bind or
// connect, no abstract unix sockets outside the domain. It sets
// PR_SET_NO_NEW_PRIVS on the thread first, which Landlock requires and the
// worker inherits.
func landlockThread(exe string) Protection {
	p := Protection{Name: "landlock"}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		p.Detail = fmt.Sprintf("not in force: PR_SET_NO_NEW_PRIVS failed: %v", err)
		return p
	}
	abi, _, e := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if e != 0 {
		p.Detail = fmt.Sprintf("not in force: this kernel has no Landlock (%v); enable CONFIG_SECURITY_LANDLOCK and add landlock to the lsm= boot parameter", e)
		return p
	}
	attr := rulesetAttr{fs: llFSv1}
	size := unsafe.Sizeof(attr.fs)
	switch {
	case abi >= 5:
		attr.fs = llFSv5
	case abi >= 3:
		attr.fs = llFSv3
	case abi >= 2:
		attr.fs = llFSv2
	}
	if abi >= 4 {
		attr.net = llNet
		size += unsafe.Sizeof(attr.net)
	}
	if abi >= 6 {
		attr.scoped = unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET
		size += unsafe.Sizeof(attr.scoped)
	}
	fd, _, e := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), size, 0)
	if e != 0 {
		p.Detail = fmt.Sprintf("not in force: creating the ruleset: %v", e)
		return p
	}
	defer unix.Close(int(fd))
	paths := append([]string{exe}, libraryDirs...)
	if real, err := filepath.EvalSymlinks(exe); err == nil && real != exe {
		paths = append(paths, real)
	}
	for _, path := range paths {
		if err := addLoadRule(int(fd), path); err != nil && !errors.Is(err, os.ErrNotExist) {
			p.Detail = fmt.Sprintf("not in force: allowing %s: %v", path, err)
			return p
		}
	}
	if _, _, e := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, fd, 0, 0); e != 0 {
		p.Detail = fmt.Sprintf("not in force: landlock_restrict_self: %v", e)
		return p
	}
	p.InForce = true
	p.Detail = fmt.Sprintf("Landlock ABI %d: no file may be read, written or executed (but the worker binary and shared libraries, loaded at start)", abi)
	if abi >= 4 {
		p.Detail += ", no TCP bind or connect"
	}
	return p
}

// addLoadRule lets the domain execute and read beneath path.
func addLoadRule(rulesetFD int, path string) error {
	fd, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		if errors.Is(err, unix.ENOENT) {
			return os.ErrNotExist
		}
		return err
	}
	defer unix.Close(fd)
	rule := unix.LandlockPathBeneathAttr{Allowed_access: llLoad, Parent_fd: int32(fd)}
	_, _, e := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(rulesetFD), unix.LANDLOCK_RULE_PATH_BENEATH, uintptr(unsafe.Pointer(&rule)), 0, 0, 0)
	if e != 0 {
		return e
	}
	return nil
}
