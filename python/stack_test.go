package python_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
	"github.com/toolplane/toolplane/python/hostilecorpus"
	"github.com/toolplane/toolplane/python/hoststub"
	"github.com/toolplane/toolplane/python/lib"
	"github.com/toolplane/toolplane/python/vm"
)

// headroomConfigs are the stack budgets TestAttackGoStackHeadroom runs the
// deep-recursion cases under.
//
//   - "cap": the largest depth limit a host may configure, with a Go stack
//     of 64 MiB, a sixteenth of Go's 1 GB maximum: every path a snippet can
//     drive spends less than 64 MiB / (2*MaxDepthCap+50) ≈ 3.3 KiB of Go
//     stack per level it counts (Python frames and Go levels each have
//     their own limit).
//   - "guards": a depth limit of 100 with a 2 MiB stack. A Go helper that
//     walks nested data without counting its depth (repr, ==, hash,
//     copying a session) recurses 30000 levels or more in these cases and
//     overflows 2 MiB, where under the real 1 GB it might not.
var headroomConfigs = []struct {
	name     string
	maxDepth int
	maxStack int
}{
	{"cap", vm.MaxDepthCap, 64 << 20},
	{"guards", 100, 2 << 20},
}

const (
	headroomChildEnv = "TOOLPLANE_HEADROOM_CHILD"
	headroomFromEnv  = "TOOLPLANE_HEADROOM_FROM"
	headroomStart    = "HEADROOM-START"
	headroomDone     = "HEADROOM-DONE"
	// headroomSession names the pseudo-case that copies and measures a
	// session namespace holding deeply nested data.
	headroomSession = "session/deep-globals"
)

// TestAttackGoStackHeadroom runs every hostile case whose file starts with
// depth_ (plus a session whose globals nest 100000 deep, snapshotted and
// measured as a server does between runs) in a child process whose Go
// stack is capped with debug.SetMaxStack, once per headroomConfigs entry.
// A Go stack overflow cannot be recovered: it ends the child, and the case
// that was running fails here. Each case must also end without a Go panic
// escaping as SystemError; TestHostile checks how the cases end.
func TestAttackGoStackHeadroom(t *testing.T) {
	all, err := hostilecorpus.Load(hostileDir)
	if err != nil {
		t.Fatal(err)
	}
	var cases []hostilecorpus.Case
	for _, c := range all {
		if strings.HasPrefix(filepath.Base(c.File), "depth_") {
			cases = append(cases, c)
		}
	}
	names := []string{headroomSession}
	for _, c := range cases {
		names = append(names, c.Name)
	}
	if cfg := os.Getenv(headroomChildEnv); cfg != "" {
		runHeadroomChild(cfg, cases)
		return
	}
	if len(cases) < 40 {
		t.Fatalf("found %d depth_ cases in the hostile corpus, want at least 40", len(cases))
	}
	for _, cfg := range headroomConfigs {
		t.Run(cfg.name, func(t *testing.T) {
			problems, err := runHeadroomChildren(cfg.name, len(names))
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range problems {
				if p != "" {
					t.Errorf("%s: %s", names[i], p)
				}
			}
		})
	}
}

// runHeadroomChildren runs the cases in child processes under config cfg,
// starting a new child after a case that killed one, and returns each
// case's problem ("" if none).
func runHeadroomChildren(cfg string, n int) ([]string, error) {
	problems := make([]string, n)
	for from := 0; from < n; {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestAttackGoStackHeadroom$", "-test.count=1")
		cmd.Env = append(os.Environ(), headroomChildEnv+"="+cfg, fmt.Sprintf("%s=%d", headroomFromEnv, from), "GOMEMLIMIT=768MiB")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			cancel()
			return nil, fmt.Errorf("starting headroom child: %w", err)
		}
		if err := cmd.Start(); err != nil {
			cancel()
			return nil, fmt.Errorf("starting headroom child: %w", err)
		}
		running, started := -1, from
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			kind, rest, _ := strings.Cut(sc.Text(), " ")
			idx, problem, _ := strings.Cut(rest, " ")
			i, err := strconv.Atoi(idx)
			if err != nil || i < 0 || i >= n {
				continue
			}
			switch kind {
			case headroomStart:
				running = i
			case headroomDone:
				problems[i] = problem
				running, from = -1, i+1
			}
		}
		waitErr := cmd.Wait()
		cancel()
		if running < 0 {
			if from < n && from == started {
				return nil, fmt.Errorf("headroom child stopped before case %d: %v\n%s", from, waitErr, tail(stderr.String(), 2000))
			}
			continue
		}
		// The head of a crash report names the fatal error and the
		// innermost frames.
		problems[running] = fmt.Sprintf("the process died (%v): %s", waitErr, head(stderr.String(), 1500))
		from = running + 1
	}
	return problems, nil
}

// runHeadroomChild is the child side: it caps the Go stack and runs the
// cases from headroomFromEnv on.
func runHeadroomChild(cfgName string, cases []hostilecorpus.Case) {
	var maxDepth, maxStack int
	for _, c := range headroomConfigs {
		if c.name == cfgName {
			maxDepth, maxStack = c.maxDepth, c.maxStack
		}
	}
	debug.SetMaxStack(maxStack)
	from, _ := strconv.Atoi(os.Getenv(headroomFromEnv))
	limits := python.Limits{
		Steps:          5 * hostilecorpus.Steps,
		MaxMemoryBytes: 4 * hostilecorpus.Memory,
		MaxDepth:       maxDepth,
		MaxOutputBytes: hostilecorpus.Output,
		MaxHostCalls:   hostilecorpus.HostCalls,
	}
	modules := lib.Modules()
	for i := from; i <= len(cases); i++ {
		fmt.Printf("%s %d\n", headroomStart, i)
		var problem string
		if i == 0 {
			problem = headroomSessionCase(limits, modules)
		} else {
			problem = headroomCase(cases[i-1], limits, modules)
		}
		fmt.Printf("%s %d %s\n", headroomDone, i, strings.ReplaceAll(problem, "\n", " "))
	}
}

// headroomCase runs one case and reports a Go panic that escaped as
// SystemError; any other ending (some recursions are slow at the cap, and
// end by the deadline) is TestHostile's business.
func headroomCase(c hostilecorpus.Case, limits python.Limits, modules vm.Modules) string {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	prog, err := python.Compile(c.Name+".py", c.Source, python.CompileOptions{Snippet: true})
	if err == nil {
		_, err = prog.Run(ctx, python.RunOptions{Host: hoststub.Funcs(), Limits: limits, Modules: modules})
	}
	if err != nil && strings.HasPrefix(err.Error(), "SystemError") {
		return err.Error()
	}
	return ""
}

// headroomSessionCase builds globals nested 100000 deep in a session, then
// snapshots, measures and restores them as the session layer does around
// every run.
func headroomSessionCase(limits python.Limits, modules vm.Modules) string {
	const src = "x = []\nfor i in range(100000):\n    x = [x]\nd = {}\nfor i in range(30000):\n    d = {'k': d}\n"
	prog, err := python.Compile("deep.py", src, python.CompileOptions{Snippet: true})
	if err != nil {
		return err.Error()
	}
	g := python.NewGlobals()
	limits.Steps = 1 << 40
	if _, err := prog.Run(context.Background(), python.RunOptions{Globals: g, Limits: limits, Modules: modules}); err != nil {
		return "building the session: " + err.Error()
	}
	snap := g.Snapshot()
	if g.SizeBytes() <= 0 {
		return "SizeBytes of a deep namespace is not positive"
	}
	g.Restore(snap)
	if _, ok := g.Get("x"); !ok {
		return "x lost by Snapshot/Restore"
	}
	return ""
}

func head(s string, n int) string {
	if len(s) > n {
		s = s[:n] + "..."
	}
	return strings.TrimSpace(s)
}
