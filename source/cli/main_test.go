package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
)

// helperName is the name under which the test binary is put on PATH so
// tests can run it as a CLI binary with behaviours no standard tool has.
const helperName = "tp-cli-helper"

// TestMain either acts as the helper binary (when run under helperName) or
// puts a link to itself on PATH and runs the tests.
func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == helperName {
		os.Exit(helperMain(os.Args[1:]))
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	dir, err := os.MkdirTemp("", "cli-helper")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if err := os.Symlink(self, filepath.Join(dir, helperName)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// helperMain implements the helper binary's modes.
func helperMain(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: tp-cli-helper MODE ...")
		return 2
	}
	switch args[0] {
	case "tree": // a child in our process group, then wait for it
		child := exec.Command("sleep", args[1])
		if err := child.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		_ = child.Wait()
		return 0
	case "leave": // a child holding our stdout, then exit at once
		child := exec.Command("sleep", args[1])
		child.Stdout = os.Stdout
		if err := child.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Println("left", child.Process.Pid)
		return 0
	case "escape": // like leave, but the child leaves the process group
		child := exec.Command("sleep", args[1])
		child.Stdout = os.Stdout
		child.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if err := child.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Println(child.Process.Pid)
		return 0
	case "env":
		for _, kv := range os.Environ() {
			fmt.Println(kv)
		}
		return 0
	}
	fmt.Fprintf(os.Stderr, "tp-cli-helper: unknown mode %q\n", args[0])
	return 2
}

// sleepers returns the pids of live `sleep ARG` processes.
func sleepers(t *testing.T, arg string) []int {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	want := []byte("sleep\x00" + arg + "\x00")
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil || !bytes.Equal(cmdline, want) {
			continue
		}
		// A zombie is dead already; only count live processes.
		if stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat")); err == nil {
			if i := bytes.LastIndexByte(stat, ')'); i > 0 && len(stat) > i+2 && stat[i+2] == 'Z' {
				continue
			}
		}
		pids = append(pids, pid)
	}
	return pids
}

// chain is the dispatch chain as the runtime builds it for CLI calls:
// admission, then a terminus that finds the capability among those
// registered up front or through Lookup, and runs its handler.
type chain struct {
	src     *Source
	handler dispatch.Handler
	reached atomic.Int64 // calls that got past admission to the terminus
}

func newChain(t *testing.T, p Policy, h Hooks) *chain {
	t.Helper()
	src, err := New(p, h)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	c := &chain{src: src}
	reg := capability.NewRegistry()
	if err := reg.AddAll(src.Capabilities()...); err != nil {
		t.Fatalf("registering %v: %v", src.Capabilities(), err)
	}
	// The registry holds the allowlist; other cli: ids resolve lazily.
	lookup := func(id string) (*capability.Capability, bool) {
		c.reached.Add(1)
		if capa, ok := reg.Lookup(id); ok {
			return capa, true
		}
		capa, err := src.Lookup(id)
		return capa, err == nil
	}
	c.handler = dispatch.Chain(dispatch.Terminus(lookup), src.Admission())
	return c
}

func (c *chain) call(id string, args map[string]any) (*dispatch.Result, error) {
	return c.handler(context.Background(), &dispatch.Call{Origin: dispatch.OriginToolCall, CapabilityID: id, Args: args})
}

// ok makes a call that must succeed and returns its structured result.
func (c *chain) ok(t *testing.T, id string, args map[string]any) map[string]any {
	t.Helper()
	res, err := c.call(id, args)
	if err != nil {
		t.Fatalf("call: %v", err)
	}
	m, ok := res.Structured.(map[string]any)
	if !ok {
		t.Fatalf("Structured = %T, want map", res.Structured)
	}
	if res.IsError {
		t.Fatalf("IsError: %v (stderr %q)", res.Content, m["stderr"])
	}
	return m
}

func isPermission(err error) bool {
	var pe *PermissionError
	return errors.As(err, &pe)
}

// waitGone polls until no `sleep ARG` is alive, for up to a few seconds
// (a killed process disappears once its parent or init reaps it).
func waitGone(t *testing.T, arg string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if len(sleepers(t, arg)) == 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	pids := sleepers(t, arg)
	for _, pid := range pids {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	t.Fatalf("processes `sleep %s` left behind: %v", arg, pids)
}

// uniqueSleep is a sleep duration no other test or process uses, so /proc
// scans see only the processes of test n.
func uniqueSleep(n int) string {
	return fmt.Sprintf("%d.%d", 100+n, os.Getpid())
}
