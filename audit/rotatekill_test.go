package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// envRotateChild makes the test binary a process that rotates the audit
// file it names once and exits (TestFileSinkRotationSurvivesKill).
const envRotateChild = "TOOLPLANE_AUDIT_ROTATE_CHILD"

// Limits of the file sink the killed child opens.
const killMaxBytes, killMaxFiles = 4096, 2

func TestMain(m *testing.M) {
	if path := os.Getenv(envRotateChild); path != "" {
		s, err := OpenFileSink(path, killMaxBytes, killMaxFiles)
		if err == nil {
			err = s.Write([][]byte{auditLine("flood", 99999)})
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func auditLine(subject string, i int) []byte {
	b, _ := json.Marshal(line{TS: "t", Event: EventDispatch, Capability: "go:x/y", Subject: subject, Meta: map[string]any{"i": i, "pad": strings.Repeat("x", 100)}})
	return append(b, '\n')
}

// TestFileSinkRotationSurvivesKill: a rotation carries the lines of the
// subjects that hold little of the files out of the oldest file. It
// removed the oldest file first and wrote the carried lines again after
// the renames, so a process killed in between (OOM killer, a crash, a
// deploy) lost them: they were in its memory only. The child here rotates
// once and is killed by strace at each of its renames and unlinks in
// turn; after every kill, each line the rotation must keep is still in
// one of the audit files.
func TestFileSinkRotationSurvivesKill(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("strace is Linux's")
	}
	strace, err := exec.LookPath("strace")
	if err != nil {
		t.Skip("no strace to kill the rotation at each step")
	}
	// The oldest file holds the calm subject's lines among a flood's; the
	// newer ones the flood's and one line of another subject.
	files := map[string][][]byte{}
	add := func(name, subject string, n int) {
		for i := range n {
			files[name] = append(files[name], auditLine(subject, len(files[name])+i))
		}
	}
	add(".2", "calm", 3)
	add(".2", "flood", 20)
	add(".1", "flood", 22)
	add(".1", "mid", 1)
	add("", "flood", 24)
	mustKeep := map[string]bool{}
	for name, lines := range files {
		for _, ln := range lines {
			if name != ".2" || lineSubject(ln) == "calm" {
				mustKeep[string(ln)] = true
			}
		}
	}
	// strace counts the calls of each system call apart.
	killed := 0
	for _, sc := range []string{"rename", "renameat", "renameat2", "unlink", "unlinkat"} {
		for k := 1; ; k++ {
			dir := t.TempDir()
			path := filepath.Join(dir, "audit.jsonl")
			for name, lines := range files {
				if err := os.WriteFile(path+name, bytes.Join(lines, nil), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command(strace, "-f", "-qq", "-o", "/dev/null", "-e", "trace="+sc,
				"-e", fmt.Sprintf("inject=%s:signal=KILL:when=%d", sc, k), os.Args[0])
			cmd.Env = append(os.Environ(), envRotateChild+"="+path)
			out, err := cmd.CombinedOutput()
			var have strings.Builder
			for _, name := range []string{"", ".1", ".2"} {
				b, _ := os.ReadFile(path + name)
				have.Write(b)
			}
			for ln := range mustKeep {
				if !strings.Contains(have.String(), ln) {
					t.Errorf("killed at %s call %d (%v): the audit files lost %s", sc, k, err, ln)
				}
			}
			if err == nil {
				if !strings.Contains(have.String(), `"event":"audit_rotated"`) {
					t.Fatalf("the child was not killed at %s call %d and did not rotate: %s", sc, k, out)
				}
				break
			}
			killed++
			if k > 20 {
				t.Fatalf("still killed at %s call %d: %s", sc, k, out)
			}
		}
	}
	if killed == 0 {
		t.Fatal("the rotation was never killed")
	}
	t.Logf("killed at each of %d renames and unlinks", killed)
}
