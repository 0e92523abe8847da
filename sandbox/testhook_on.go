//go:build toolplane_e2e && linux

package sandbox

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// TestHooks reports whether this build has the worker test hooks: in
// toolplane_e2e builds (the end-to-end harness's, internal/e2e) a snippet
// whose first line is "# sandbox-test-hook: ACTION" makes the worker
// misbehave in Go code, as a subverted interpreter could:
//
//	panic      panic on a goroutine of its own (unrecoverable)
//	stackoverflow  recurse in Go until the runtime's fatal stack overflow
//	oom        allocate and touch memory until the process dies
//	exit       os.Exit(3)
//	hang       spin in Go without looking at the deadline
//	garbage    write bytes that are no frame to the host, then wait
//	syscalls   try to open a file, create a socket and exec a binary
//	           with raw system calls; the result maps each to its errno
//	callflood  stop reading the host's replies and send two million
//	           calls of a name the run did not bind
//	bigresult  answer with a result frame whose value is eight million
//	           empty lists (16 MiB on the wire, far more decoded)
//	bignames   answer with a result that lists four million global names
//	afterdone  answer with the worker's pid, then go on sending output
//	           between runs
//	bigsize    answer with a result that claims its session's globals hold
//	           4 EiB
//	holdidle   keep 300 MiB touched after the run, outside the globals,
//	           and answer (the session's globals reported as they are)
//
// A production build has no hook: the line is an ordinary comment.
const TestHooks = true

const testHookPrefix = "# sandbox-test-hook: "

// heldByHook is what the holdidle hook keeps after its run.
var heldByHook [][]byte

func testHookRun(req *RunRequest, w *worker) *RunResult {
	first, _, _ := strings.Cut(req.Code, "\n")
	action, ok := strings.CutPrefix(first, testHookPrefix)
	if !ok {
		return nil
	}
	switch strings.TrimSpace(action) {
	case "panic":
		go panic("sandbox test hook: panic")
		time.Sleep(time.Minute)
	case "oom":
		var keep [][]byte
		for {
			b := make([]byte, 64<<20)
			for i := range b {
				b[i] = 1
			}
			keep = append(keep, b)
		}
	case "stackoverflow":
		goDeep(0)
	case "exit":
		os.Exit(3)
	case "hang":
		for {
		}
	case "garbage":
		os.Stdout.Write([]byte("\xff\xff\xff\xffnot a frame"))
		time.Sleep(time.Minute)
	case "syscalls":
		return &RunResult{Value: trySyscalls()}
	case "callflood":
		// Holding w.mu stops the bridge's reader at the first reply
		// (handle takes it), so the host's replies pile up unread.
		w.mu.Lock()
		var e enc
		for id := uint64(1); id <= 2_000_000; id++ {
			e.b = e.b[:0]
			e.uint(id)
			e.str("nope")
			e.byte(tagList)
			e.uint(0)
			e.byte(tagDict)
			e.uint(0)
			if w.send(kindCall, e.b) != nil {
				break
			}
		}
		time.Sleep(time.Minute)
	case "bigresult":
		const n = 8 << 20
		e := enc{b: make([]byte, 0, 2*n+16)}
		e.byte(0) // a value, not an error
		e.byte(tagList)
		e.uint(n - 8)
		for range n - 8 {
			e.byte(tagList)
			e.uint(0)
		}
		e.str("") // repr
		e.str("") // not_json
		e.int(0)
		e.uint(0)
		_ = w.send(kindDone, e.b)
		time.Sleep(time.Minute)
	case "afterdone":
		var e enc
		e.byte(0)
		e.byte(tagInt)
		e.int(int64(os.Getpid()))
		e.str("") // repr
		e.str("") // not_json
		e.int(0)
		e.uint(0)
		_ = w.send(kindDone, e.b)
		for w.send(kindOutput, []byte("not asked for\n")) == nil {
		}
		time.Sleep(time.Minute)
	case "bigsize":
		var e enc
		e.byte(0)
		e.byte(tagNone)
		e.str("") // repr
		e.str("") // not_json
		e.int(1 << 62)
		e.uint(0)
		_ = w.send(kindDone, e.b)
		time.Sleep(time.Minute)
	case "holdidle":
		for range 6 {
			b := make([]byte, 50<<20)
			for i := 0; i < len(b); i += 4096 {
				b[i] = 1
			}
			heldByHook = append(heldByHook, b)
		}
		return &RunResult{Value: "held"}
	case "bignames":
		const n = 4 << 20
		e := enc{b: make([]byte, 0, n+32)}
		e.byte(0)
		e.byte(tagNone)
		e.str("") // repr
		e.str("") // not_json
		e.int(0)
		e.uint(n)
		for range n {
			e.uint(0)
		}
		_ = w.send(kindDone, e.b)
		time.Sleep(time.Minute)
	}
	return &RunResult{Err: &RunError{Type: "ValueError", Message: "unknown sandbox test hook " + action}}
}

// goDeep recurses until Go's stack limit ends the process with "fatal
// error: stack overflow", which no recover catches: the crash an
// unbounded recursion in the interpreter's Go code would cause.
//
//go:noinline
func goDeep(n int) int {
	var pad [64]byte
	pad[n%64] = byte(n)
	return goDeep(n+1) + int(pad[0])
}

// trySyscalls attempts what a subverted worker would, with raw system
// calls (no Go library in between), and names each outcome.
func trySyscalls() map[string]any {
	errno := func(_ uintptr, e syscall.Errno) string {
		if e == 0 {
			return "ALLOWED"
		}
		return fmt.Sprintf("%d %s", int(e), e.Error())
	}
	path, _ := syscall.BytePtrFromString("/etc/hostname")
	out := map[string]any{}
	fd, _, e := syscall.RawSyscall6(syscall.SYS_OPENAT, uintptr(0xffffff9c), uintptr(unsafe.Pointer(path)), syscall.O_RDONLY, 0, 0, 0)
	out["open"] = errno(fd, e)
	_, _, e = syscall.RawSyscall(syscall.SYS_SOCKET, syscall.AF_INET, syscall.SOCK_STREAM, 0)
	out["socket"] = errno(0, e)
	_, _, e = syscall.RawSyscall(syscall.SYS_SOCKET, syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	out["socket_unix"] = errno(0, e)
	bin, _ := syscall.BytePtrFromString("/bin/true")
	argv := []*byte{bin, nil}
	_, _, e = syscall.RawSyscall(syscall.SYS_EXECVE, uintptr(unsafe.Pointer(bin)), uintptr(unsafe.Pointer(&argv[0])), uintptr(unsafe.Pointer(&argv[1])))
	out["execve"] = errno(0, e)
	_, _, e = syscall.RawSyscall(syscall.SYS_KILL, 1, 0, 0)
	out["kill"] = errno(0, e)
	return out
}
