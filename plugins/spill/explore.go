package spill

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/itchyny/gojq"
)

// ExploreLimits bound one spill_explore query. A jq program can loop
// ("repeat", "until", "range(1e18)"), allocate ("[range(1e9)]", "\"x\" *
// 1e8", deep recursion) or emit without end, so a query runs in a worker
// process (ExploreWorkerMain) under a deadline, a cap on what it prints,
// a cap on how many values it emits, and a watchdog on the heap that
// stops it when it grows past MaxMemory (gojq checks the context at
// every instruction); the worker's rlimits and the deadline kill what a
// single instruction does past those. Programs reach nothing outside the
// spilled value: no environment ($ENV and env are empty), no modules, no
// input.
type ExploreLimits struct {
	Timeout        time.Duration `json:"timeout"`
	MaxOutputBytes int           `json:"max_output_bytes"`
	MaxOutputs     int           `json:"max_outputs"`
	MaxMemory      int64         `json:"max_memory"`
	// Concurrent bounds queries running at once (worker processes).
	Concurrent int `json:"-"`
}

// errExploreMemory is the cause of a query stopped by the heap watchdog.
var errExploreMemory = errors.New("the query used more memory (or stack) than [plugins.spill] explore_max_memory allows")

// exploreResult is what spill_explore answers.
type exploreResult struct {
	Results   []json.RawMessage `json:"results"`
	Truncated string            `json:"truncated,omitempty"` // why the output was cut, "" when whole
}

// compileQuery parses and compiles a jq program, refusing what reaches
// outside the value (environment, modules, input).
func compileQuery(query string) (*gojq.Code, error) {
	if len(query) > maxQueryBytes {
		return nil, fmt.Errorf("the query is %d bytes; at most %d", len(query), maxQueryBytes)
	}
	q, err := gojq.Parse(query)
	if err != nil {
		return nil, fmt.Errorf("jq syntax: %v", err)
	}
	code, err := gojq.Compile(q, gojq.WithEnvironLoader(func() []string { return nil }))
	if err != nil {
		return nil, fmt.Errorf("jq: %v", err)
	}
	return code, nil
}

const maxQueryBytes = 4096

// runQuery runs query over data (JSON) in this process, within lim. It
// is what the explore worker process runs; in the serving process a jq
// program is never run (see explorer.run).
func runQuery(ctx context.Context, lim ExploreLimits, query string, data []byte) (*exploreResult, error) {
	code, err := compileQuery(query)
	if err != nil {
		return nil, err
	}
	var input any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&input); err != nil {
		return nil, fmt.Errorf("the spilled value is not JSON: %v", err)
	}
	input = normalize(input)

	ctx, cancel := context.WithTimeoutCause(ctx, lim.Timeout, errExploreTimeout(lim.Timeout))
	defer cancel()

	out := &exploreResult{}
	size := 0
	err = safeIter(func() error {
		iter := code.RunWithContext(ctx, input)
		for {
			v, ok := iter.Next()
			if !ok {
				return nil
			}
			if e, isErr := v.(error); isErr {
				var halt *gojq.HaltError
				if errors.As(e, &halt) && halt.Value() == nil {
					return nil
				}
				if ctx.Err() != nil {
					return context.Cause(ctx)
				}
				return fmt.Errorf("jq: %v", e)
			}
			// A value may share structure ([., .] twenty times is a
			// million leaves in a few bytes): measure before encoding.
			if !fitsIn(v, lim.MaxOutputBytes-size) {
				out.Truncated = fmt.Sprintf("output cut at %d bytes ([plugins.spill] explore_max_output_bytes); narrow the query (.items[:20], select(...), keys)", lim.MaxOutputBytes)
				return nil
			}
			b, err := gojq.Marshal(v)
			if err != nil {
				return fmt.Errorf("jq: %v", err)
			}
			if size+len(b) > lim.MaxOutputBytes {
				out.Truncated = fmt.Sprintf("output cut at %d bytes ([plugins.spill] explore_max_output_bytes); narrow the query (.items[:20], select(...), keys)", lim.MaxOutputBytes)
				return nil
			}
			if len(out.Results) == lim.MaxOutputs {
				out.Truncated = fmt.Sprintf("output cut at %d values; narrow the query", lim.MaxOutputs)
				return nil
			}
			size += len(b)
			out.Results = append(out.Results, b)
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func errExploreTimeout(d time.Duration) error {
	return fmt.Errorf("the query ran longer than [plugins.spill] explore_timeout (%s)", d)
}

// maxOutputDepth bounds the nesting of an answer.
const maxOutputDepth = 1000

// fitsIn reports whether v encodes to at most budget bytes, walking no
// more of it than that (an estimate that never undercounts by much: one
// byte per scalar, the string lengths, two per container).
func fitsIn(v any, budget int) bool {
	left := budget
	var walk func(v any, depth int) bool
	walk = func(v any, depth int) bool {
		if depth > maxOutputDepth {
			return false
		}
		switch x := v.(type) {
		case string:
			left -= len(x) + 2
		case []any:
			left -= 2
			for _, e := range x {
				if left < 0 || !walk(e, depth+1) {
					return false
				}
			}
		case map[string]any:
			left -= 2
			for k, e := range x {
				left -= len(k) + 3
				if left < 0 || !walk(e, depth+1) {
					return false
				}
			}
		default:
			left--
		}
		return left >= 0
	}
	return walk(v, 0)
}

// safeIter runs f, turning a panic inside gojq into an error.
func safeIter(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("jq failed on this query: %v", p)
		}
	}()
	return f()
}

// normalize turns json.Number into the int or float64 gojq works with.
func normalize(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil && i >= math.MinInt && i <= math.MaxInt {
			return int(i)
		}
		f, _ := x.Float64()
		return f
	case map[string]any:
		for k, e := range x {
			x[k] = normalize(e)
		}
	case []any:
		for i, e := range x {
			x[i] = normalize(e)
		}
	}
	return v
}
