package audit

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"syscall"
	"time"

	"github.com/toolplane/toolplane/config"
)

// Reading the audit file back, for `toolplane runs`: the lines the
// Logger's file sink wrote (see line for their shape), in the file at
// [audit] path and its rotated predecessors path.1, path.2, ...

// Record is one audit line as read back.
type Record struct {
	TS                   time.Time         `json:"ts"`
	Event                string            `json:"event"`
	RunID                string            `json:"run_id,omitempty"`
	SnippetSHA256        string            `json:"snippet_sha256,omitempty"`
	Backend              string            `json:"backend,omitempty"`
	DurationMS           *float64          `json:"duration_ms,omitempty"`
	QueuedMS             *float64          `json:"queued_ms,omitempty"`
	Outcome              string            `json:"outcome,omitempty"`
	ErrorType            string            `json:"error_type,omitempty"`
	Capability           string            `json:"capability,omitempty"`
	Binary               string            `json:"binary,omitempty"`
	Origin               string            `json:"origin,omitempty"`
	Subject              string            `json:"subject,omitempty"`
	Identity             string            `json:"identity,omitempty"`
	LogID                string            `json:"log_id,omitempty"`
	Reason               string            `json:"reason,omitempty"`
	Count                int64             `json:"count,omitempty"`
	Headers              map[string]string `json:"headers,omitempty"`
	Meta                 map[string]any    `json:"meta,omitempty"`
	EscalationsCancelled []string          `json:"escalations_cancelled,omitempty"`
}

// Run is one run as the audit file tells it: its run_start, its run_end
// (nil while it runs, or when the process died first) and the capability
// calls it made, in order.
type Run struct {
	ID    string   `json:"run_id"`
	Start Record   `json:"start"`
	End   *Record  `json:"end,omitempty"`
	Calls []Record `json:"calls"`
}

// Recent is what ReadRecent found.
type Recent struct {
	// Runs are the last runs, in the order they started.
	Runs []Run `json:"runs"`
	// Direct are the last capability calls made as MCP tool calls, not
	// from a snippet; Escalations the last escalation decisions.
	Direct      []Record `json:"direct_calls"`
	Escalations []Record `json:"escalations"`
	// Files are the files read, oldest first; Skipped counts lines that
	// were not audit records (cut by a crash, too long, not JSON).
	Files   []string `json:"files"`
	Skipped int      `json:"skipped_lines"`
}

// FilePath is the file an [audit] section writes, "~/" expanded and
// DefaultPath when unset; ok is false when it writes no file (off, or
// its sinks have no "file").
func FilePath(c config.AuditConfig) (path string, ok bool, err error) {
	if !c.Enabled || len(c.Sinks) > 0 && !slices.Contains(c.Sinks, config.AuditSinkFile) {
		return "", false, nil
	}
	path, err = expandPath(c.Path)
	return path, err == nil, err
}

// Bounds of reading.
const (
	maxReadLine    = 1 << 20 // longer lines are skipped, not held
	maxRotatedRead = 1000    // path.N files looked for
)

// ReadRecent reads the last n runs (and the last n direct calls and
// escalations) from the audit file at path and as many of its rotated
// files as it takes, holding at most those in memory whatever the files'
// size. A path that is missing is an empty result; one that is not a
// regular file (a FIFO would block the read forever) is an error.
func ReadRecent(path string, n int) (*Recent, error) {
	if n <= 0 {
		n = 20
	}
	files, err := recentFiles(path, n)
	if err != nil {
		return nil, err
	}
	out := &Recent{Files: files, Runs: []Run{}, Direct: []Record{}, Escalations: []Record{}}
	byID := map[string]int{} // run id -> index in out.Runs
	for _, f := range files {
		err := eachLine(f, func(line []byte) {
			var r Record
			if json.Unmarshal(line, &r) != nil || r.Event == "" {
				out.Skipped++
				return
			}
			switch {
			case r.Event == EventRunStart && r.RunID != "":
				if _, dup := byID[r.RunID]; dup {
					return
				}
				out.Runs = append(out.Runs, Run{ID: r.RunID, Start: r, Calls: []Record{}})
				if len(out.Runs) > n {
					delete(byID, out.Runs[0].ID)
					out.Runs = slices.Delete(out.Runs, 0, 1)
					for id := range byID {
						byID[id]--
					}
				}
				byID[r.RunID] = len(out.Runs) - 1
			case r.Event == EventRunEnd:
				if i, ok := byID[r.RunID]; ok && out.Runs[i].End == nil {
					end := r
					out.Runs[i].End = &end
				}
			case r.Event == EventDispatch && r.RunID != "":
				// A run's calls are bounded by its capability-call limit;
				// this bound keeps a forged file from growing one run.
				if i, ok := byID[r.RunID]; ok && len(out.Runs[i].Calls) < 10_000 {
					out.Runs[i].Calls = append(out.Runs[i].Calls, r)
				}
			case r.Event == EventDispatch:
				out.Direct = keepLast(out.Direct, r, n)
			case r.Event == EventEscalation:
				out.Escalations = keepLast(out.Escalations, r, n)
			}
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func keepLast(rs []Record, r Record, n int) []Record {
	rs = append(rs, r)
	if len(rs) > n {
		rs = slices.Delete(rs, 0, 1)
	}
	return rs
}

// recentFiles is path and, before it, as many rotated files as it takes
// to hold n run starts, oldest first.
func recentFiles(path string, n int) ([]string, error) {
	var files []string
	starts := 0
	for i := 0; i <= maxRotatedRead && starts < n; i++ {
		f := path
		if i > 0 {
			f = fmt.Sprintf("%s.%d", path, i)
		}
		count := 0
		err := eachLine(f, func(line []byte) {
			if bytes.Contains(line, []byte(`"event":"`+EventRunStart+`"`)) {
				count++
			}
		})
		if errors.Is(err, fs.ErrNotExist) {
			if i == 0 {
				continue // rotated a moment ago, or nothing written yet
			}
			break
		}
		if err != nil {
			return nil, err
		}
		files = append(files, f)
		starts += count
	}
	slices.Reverse(files)
	return files, nil
}

// eachLine calls f with each line of the regular file at path (without
// its newline); a line longer than maxReadLine is passed as nil, never
// held.
func eachLine(path string, f func([]byte)) error {
	file, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return fmt.Errorf("audit: reading %s: %w", path, err)
	}
	defer file.Close()
	if fi, err := file.Stat(); err != nil {
		return fmt.Errorf("audit: reading %s: %w", path, err)
	} else if !fi.Mode().IsRegular() {
		return notRegular(path, fi.Mode())
	}
	r := bufio.NewReaderSize(file, 64<<10)
	var line []byte
	tooLong := false
	for {
		chunk, isPrefix, err := r.ReadLine()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("audit: reading %s: %w", path, err)
		}
		if !tooLong {
			line = append(line, chunk...)
			tooLong = len(line) > maxReadLine
		}
		if isPrefix {
			continue
		}
		if tooLong {
			f(nil)
		} else {
			f(line)
		}
		line, tooLong = line[:0], false
	}
}
