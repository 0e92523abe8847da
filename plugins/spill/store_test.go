package spill

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/toolplane/toolplane/plugin"
)

func testLimits() Limits {
	return Limits{TTL: time.Hour, MaxBytes: 10 << 10, MaxBytesPerOwner: 4 << 10, MaxFileBytes: 2 << 10}
}

func openTestStore(t *testing.T, lim Limits) (*Store, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "spill")
	s, err := OpenStore(dir, lim)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dir
}

func newID() string { return plugin.NewOwnedID("a", "sp_") }

// TestAttackStoreOwnershipAndQuota: a result is readable by its owner
// only (someone else's id, a malformed id and a missing id are the same
// ErrNotFound); one owner filling its quota evicts its own oldest
// results, never another owner's; a result over max_file_bytes is
// refused.
func TestAttackStoreOwnershipAndQuota(t *testing.T) {
	t.Parallel()
	s, _ := openTestStore(t, testLimits())
	blob := []byte(`"` + strings.Repeat("b", 1000) + `"`)
	bobID := newID()
	if err := s.Put(bobID, owner("bob", ""), "go:x/y", false, blob); err != nil {
		t.Fatal(err)
	}
	var aliceIDs []string
	for range 10 { // 10 KB for alice, quota 4 KB
		id := newID()
		if err := s.Put(id, owner("alice", ""), "go:x/y", false, blob); err != nil {
			t.Fatal(err)
		}
		aliceIDs = append(aliceIDs, id)
		time.Sleep(time.Millisecond)
	}
	if got := s.Bytes(owner("alice", "")); got > 4<<10 {
		t.Errorf("alice holds %d bytes over her quota of 4 KiB", got)
	}
	if _, _, err := s.Read(aliceIDs[0], owner("alice", "")); !errors.Is(err, ErrNotFound) {
		t.Errorf("alice's oldest result survived her quota: %v", err)
	}
	if _, _, err := s.Read(aliceIDs[9], owner("alice", "")); err != nil {
		t.Errorf("alice's newest result: %v", err)
	}
	if data, _, err := s.Read(bobID, owner("bob", "")); err != nil || string(data) != string(blob) {
		t.Errorf("bob's result after alice filled her quota: %v", err)
	}
	for _, tc := range []struct{ id, owner string }{
		{bobID, owner("alice", "")},         // someone else's
		{bobID, owner("bob", "mallory")},    // same token, another person
		{newID(), owner("bob", "")},         // never existed
		{"../../etc/passwd", owner("", "")}, // not an id
		{bobID + ".meta", owner("bob", "")},
		{strings.ToLower(bobID), owner("bob", "")},
	} {
		if _, _, err := s.Read(tc.id, tc.owner); !errors.Is(err, ErrNotFound) {
			t.Errorf("Read(%q) as %q: %v, want ErrNotFound", tc.id, tc.owner, err)
		}
	}
	if err := s.Put(newID(), owner("bob", ""), "go:x/y", false, make([]byte, 3<<10)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a result over max_file_bytes: %v", err)
	}
	if err := s.Put("../escape", owner("bob", ""), "go:x/y", false, blob); err == nil {
		t.Error("Put accepted a malformed id")
	}
}

// TestAttackStoreFullEvictsOnlyRicherOwners: over the store's total,
// Put removed the oldest result of anyone: two owners filling their
// quotas removed a third owner's one result, whose id its client still
// held. Now it removes the oldest of its own or of an owner holding more
// than it would, and is refused (naming max_bytes) when there is none.
func TestAttackStoreFullEvictsOnlyRicherOwners(t *testing.T) {
	t.Parallel()
	s, _ := openTestStore(t, Limits{TTL: time.Hour, MaxBytes: 10 << 10, MaxBytesPerOwner: 4 << 10, MaxFileBytes: 2 << 10})
	blob := []byte(`"` + strings.Repeat("b", 1600) + `"`)
	put := func(who string) (string, error) {
		id := newID()
		err := s.Put(id, owner(who, ""), "go:x/y", false, blob)
		time.Sleep(time.Millisecond)
		return id, err
	}
	calmID, err := put("calm")
	if err != nil {
		t.Fatal(err)
	}
	for range 6 { // each flood owner holds 2 results of its quota of 4 KiB
		for _, who := range []string{"flood1", "flood2", "flood3"} {
			if _, err := put(who); err != nil && !errors.Is(err, ErrTooLarge) {
				t.Fatal(err)
			}
		}
	}
	if _, _, err := s.Read(calmID, owner("calm", "")); err != nil {
		t.Errorf("the calm owner's one result after three owners filled the store: %v", err)
	}
	if total := s.Bytes(owner("calm", "")) + s.Bytes(owner("flood1", "")) + s.Bytes(owner("flood2", "")) + s.Bytes(owner("flood3", "")); total > 10<<10 {
		t.Errorf("the store holds %d bytes over its 10 KiB", total)
	}
	// Three owners of one result each fill 4.8 KiB of 5; a fourth's fits
	// only by removing a result of an owner holding as much: refused,
	// naming the key.
	s2, _ := openTestStore(t, Limits{TTL: time.Hour, MaxBytes: 5 << 10, MaxBytesPerOwner: 4 << 10, MaxFileBytes: 2 << 10})
	for _, who := range []string{"a", "b", "c"} {
		if err := s2.Put(newID(), owner(who, ""), "go:x/y", false, blob); err != nil {
			t.Fatal(err)
		}
	}
	if err := s2.Put(newID(), owner("d", ""), "go:x/y", false, blob); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "[plugins.spill] max_bytes = 5KiB") {
		t.Errorf("a result that fits only by removing an owner's holding as much: %v", err)
	}
}

// TestAttackStoreDirectoryAndPlantedFiles: the directory is tightened to
// 0700 and files are 0600; a symlink in place of the directory is
// refused; a FIFO or a symlink planted under a result's name is never
// opened (no blocked reader, no file outside the store served).
func TestAttackStoreDirectoryAndPlantedFiles(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	dir := filepath.Join(base, "spill")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	s, err := OpenStore(dir, testLimits())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if fi, _ := os.Stat(dir); fi.Mode().Perm() != 0o700 {
		t.Errorf("dir mode %v, want 0700", fi.Mode().Perm())
	}
	id := newID()
	if err := s.Put(id, owner("bob", ""), "go:x/y", false, []byte(`"x"`)); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{id + ".json", id + ".meta"} {
		if fi, _ := os.Lstat(filepath.Join(dir, n)); fi.Mode().Perm() != 0o600 {
			t.Errorf("%s mode %v, want 0600", n, fi.Mode().Perm())
		}
	}
	link := filepath.Join(base, "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenStore(link, testLimits()); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("a symlinked dir: %v", err)
	}

	// Replace the content with a FIFO, then with a symlink out.
	secret := filepath.Join(base, "secret")
	_ = os.WriteFile(secret, []byte(`"secret"`), 0o600)
	path := filepath.Join(dir, id+".json")
	_ = os.Remove(path)
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, _, err := s.Read(id, owner("bob", "")); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotFound) {
			t.Errorf("Read of a FIFO: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Read blocked on a FIFO planted in the store")
	}
	_ = os.Remove(path)
	if err := os.Symlink(secret, path); err != nil {
		t.Fatal(err)
	}
	if data, _, err := s.Read(id, owner("bob", "")); err == nil {
		t.Errorf("Read followed a symlink out of the store: %q", data)
	}
	// A meta file planted for an id whose content is missing is dropped
	// at the next open, as is content without meta.
	planted := newID()
	_ = os.WriteFile(filepath.Join(dir, planted+".meta"), []byte(fmt.Sprintf(`{"id":%q,"owner":"x","bytes":1}`, planted)), 0o600)
	s2, err := OpenStore(dir, testLimits())
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if _, err := os.Lstat(filepath.Join(dir, planted+".meta")); err == nil {
		t.Error("an orphan meta file survived reopening")
	}
}

// TestStoreExpiresAndSurvivesRestart: results expire after ttl (reads
// miss, the sweep removes the files); unexpired ones are found by the
// next process.
func TestStoreExpiresAndSurvivesRestart(t *testing.T) {
	t.Parallel()
	s, dir := openTestStore(t, testLimits())
	now := time.Now()
	s.now = func() time.Time { return now }
	old, fresh := newID(), newID()
	_ = s.Put(old, owner("bob", ""), "go:x/y", false, []byte(`1`))
	now = now.Add(45 * time.Minute)
	_ = s.Put(fresh, owner("bob", ""), "go:x/y", false, []byte(`2`))
	now = now.Add(30 * time.Minute)
	if _, _, err := s.Read(old, owner("bob", "")); !errors.Is(err, ErrNotFound) {
		t.Errorf("an expired result: %v", err)
	}
	if _, err := os.Lstat(filepath.Join(dir, old+".json")); err == nil {
		t.Error("an expired result's file is still on disk")
	}
	s2, err := OpenStore(dir, testLimits())
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if data, _, err := s2.Read(fresh, owner("bob", "")); err != nil || string(data) != "2" {
		t.Errorf("after a restart: %q %v", data, err)
	}
}

// TestExploreQueries: jq over a spilled value, with output cut at the
// limit and saying so.
func TestExploreQueries(t *testing.T) {
	t.Parallel()
	x := newExplorer(ExploreLimits{Timeout: 5 * time.Second, MaxOutputBytes: 200, MaxOutputs: 100, MaxMemory: 64 << 20, Concurrent: 1})
	var items []map[string]any
	for i := range 100 {
		items = append(items, map[string]any{"n": i, "state": []string{"open", "closed"}[i%2]})
	}
	data, _ := json.Marshal(map[string]any{"items": items, "big": 12345678901234})
	for q, want := range map[string]string{
		".items | length": "50",
		"[.items[] | select(.state == \"open\")] | length": "50",
		".items[:2] | map(.n)":                             "[0,1]",
		".big":                                             "12345678901234",
		"keys":                                             `["big","items"]`,
	} {
		out, err := x.run(context.Background(), q, data)
		if q == ".items | length" {
			want = "100"
		}
		if err != nil || len(out.Results) != 1 || string(out.Results[0]) != want {
			t.Errorf("%s: %v %s", q, err, fmt.Sprint(out))
		}
	}
	out, err := x.run(context.Background(), ".items[]", data)
	if err != nil || out.Truncated == "" || len(out.Results) == 0 || len(out.Results) >= 100 {
		t.Errorf(".items[] past the output cap: %v %+v", err, out)
	}
	if _, err := x.run(context.Background(), ".items[", data); err == nil || !strings.Contains(err.Error(), "syntax") {
		t.Errorf("a syntax error: %v", err)
	}
}

// hostileQueries loop, allocate, recurse, emit without end or reach for
// the environment, files and modules.
var hostileQueries = []string{
	`[range(1e9)]`,
	`reduce range(1e12) as $i ([]; . + [$i])`,
	`last(range(1e15))`,
	`repeat(1)`,
	`[repeat(.)]`,
	`until(false; .)`,
	`def f: [f]; f`,
	`def f: f; f`,
	`def f: 1 + f; f`,
	`[limit(1e9; repeat(.items))]`,
	`"x" * 100000000 | [., ., ., ., .] | add | . * 2`,
	`[.items[]] as $a | [$a, $a, $a, $a] | tostring * 1000`,
	`[paths] | length as $n | [range($n * $n * $n)]`,
	`def grow: [., .]; reduce range(64) as $_ (.; grow)`,
	`def grow: [., .]; reduce range(64) as $_ (.; grow) | tojson | length`,
	`def grow: [., .]; reduce range(64) as $_ (.; grow) | . == .`,
	`def grow: [., .]; reduce range(64) as $_ (.; grow) | flatten | length`,
	`def grow: {a: ., b: .}; reduce range(64) as $_ (.; grow) | [paths] | length`,
	`[recurse(if . < 1e15 then . + 1 else empty end; true)] | length`,
	`env`,
	`$ENV.PATH`,
	`input`,
	`[inputs]`,
	`import "evil" as e; .`,
	`include "evil"; .`,
	`debug`,
	`stderr`,
	`input_filename`,
	`halt_error`,
	`"a" | test("(a*)*b")`,
	`[splits("")]`,
	`@base64d`,
	`getpath(["a","b"]) |= 1`,
	`tojson | fromjson | tojson`,
	`limit(-1; 1)`,
}

// TestAttackExploreBounded runs every hostile query in a child process
// with its address space capped at 2 GiB (so a bound that fails cannot
// take the machine down): each ends with an error or a cut answer
// within a few deadlines, the heap stays far under the cap, and nothing
// of the environment shows.
func TestAttackExploreBounded(t *testing.T) {
	if os.Getenv("TOOLPLANE_SPILL_EXPLORE_CHILD") == "1" {
		exploreChild(t)
		return
	}
	t.Parallel()
	if _, err := exec.LookPath("prlimit"); err != nil {
		t.Skip("prlimit not found")
	}
	cmd := exec.Command("prlimit", "--as="+fmt.Sprint(int64(2)<<30), "--", os.Args[0], "-test.run=^TestAttackExploreBounded$", "-test.v")
	cmd.Env = append(os.Environ(), "TOOLPLANE_SPILL_EXPLORE_CHILD=1", "TOOLPLANE_SPILL_CANARY=canary-"+rand.Text())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

func exploreChild(t *testing.T) {
	lim := ExploreLimits{Timeout: time.Second, MaxOutputBytes: 64 << 10, MaxOutputs: 1000, MaxMemory: 64 << 20, Concurrent: 4}
	x := newExplorer(lim)
	data, _ := json.Marshal(map[string]any{"items": []int{1, 2, 3}, "a": map[string]any{"b": 1}})
	canary := os.Getenv("TOOLPLANE_SPILL_CANARY")
	var wg sync.WaitGroup
	// At most lim.Concurrent queries at once, as the explorer admits, so
	// each one's time is its own and not its wait for a slot.
	slots := make(chan struct{}, lim.Concurrent)
	for _, q := range hostileQueries {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			start := time.Now()
			out, err := x.run(context.Background(), q, data)
			d := time.Since(start)
			switch {
			case d > 10*lim.Timeout:
				t.Errorf("%s: ran %s, past 10x its timeout", q, d)
			case err == nil && out.Truncated == "" && len(fmt.Sprint(out.Results)) > lim.MaxOutputBytes*2:
				t.Errorf("%s: %d bytes of output past the cap", q, len(fmt.Sprint(out.Results)))
			}
			if out != nil && strings.Contains(fmt.Sprintf("%s", out.Results), canary) || err != nil && strings.Contains(err.Error(), canary) {
				t.Errorf("%s: the environment leaked", q)
			}
			t.Logf("%-60s %8s err=%v", q, d.Round(time.Millisecond), err)
		})
	}
	wg.Wait()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if ms.HeapSys > 256<<20 {
		t.Errorf("the test process's heap reached %d MiB: a query ran in it", ms.HeapSys>>20)
	}
}
