package spill

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"runtime/metrics"
	"time"

	"github.com/itchyny/gojq"
)

// ExploreLimits bound one spill_explore query. A jq program can loop
// ("repeat", "until", "range(1e18)"), allocate ("[range(1e9)]", "\"x\" *
// 1e8", deep recursion) or emit without end, so a query runs under a
// deadline, a cap on what it prints, a cap on how many values it emits,
// and a watchdog on the heap that stops it when it grows past MaxMemory;
// gojq checks the context at every instruction, so each of these stops
// it within one step. Programs reach nothing outside the spilled value:
// no environment ($ENV and env are empty), no modules, no input.
type ExploreLimits struct {
	Timeout        time.Duration
	MaxOutputBytes int
	MaxOutputs     int
	MaxMemory      int64
	// Concurrent bounds queries running at once (each may hold its
	// input decoded plus MaxMemory).
	Concurrent int
}

// errExploreMemory is the cause of a query stopped by the heap watchdog.
var errExploreMemory = errors.New("the query used more memory than [plugins.spill] explore_max_memory allows")

// explorer runs jq queries over spilled values.
type explorer struct {
	lim   ExploreLimits
	slots chan struct{}
}

func newExplorer(lim ExploreLimits) *explorer {
	return &explorer{lim: lim, slots: make(chan struct{}, lim.Concurrent)}
}

// exploreResult is what spill_explore answers.
type exploreResult struct {
	Results   []json.RawMessage
	Truncated string // why the output was cut, "" when whole
}

// run parses query and runs it over data (JSON), within the limits.
func (x *explorer) run(ctx context.Context, query string, data []byte) (*exploreResult, error) {
	if len(query) > 4096 {
		return nil, fmt.Errorf("the query is %d bytes; at most 4096", len(query))
	}
	q, err := gojq.Parse(query)
	if err != nil {
		return nil, fmt.Errorf("jq syntax: %v", err)
	}
	code, err := gojq.Compile(q, gojq.WithEnvironLoader(func() []string { return nil }))
	if err != nil {
		return nil, fmt.Errorf("jq: %v", err)
	}
	select {
	case x.slots <- struct{}{}:
		defer func() { <-x.slots }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	var input any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&input); err != nil {
		return nil, fmt.Errorf("the spilled value is not JSON: %v", err)
	}
	input = normalize(input)

	ctx, cancel := context.WithTimeoutCause(ctx, x.lim.Timeout, fmt.Errorf("the query ran longer than [plugins.spill] explore_timeout (%s)", x.lim.Timeout))
	defer cancel()
	ctx, stopMem := context.WithCancelCause(ctx)
	defer stopMem(nil)
	done := make(chan struct{})
	defer close(done)
	go watchHeap(x.lim.MaxMemory, done, func() { stopMem(errExploreMemory) })

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
			b, err := gojq.Marshal(v)
			if err != nil {
				return fmt.Errorf("jq: %v", err)
			}
			if size+len(b) > x.lim.MaxOutputBytes {
				out.Truncated = fmt.Sprintf("output cut at %d bytes ([plugins.spill] explore_max_output_bytes); narrow the query (.items[:20], select(...), keys)", x.lim.MaxOutputBytes)
				return nil
			}
			if len(out.Results) == x.lim.MaxOutputs {
				out.Truncated = fmt.Sprintf("output cut at %d values; narrow the query", x.lim.MaxOutputs)
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

// safeIter runs f, turning a panic inside gojq into an error.
func safeIter(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("jq failed on this query: %v", p)
		}
	}()
	return f()
}

// heapMetric is the bytes of live and not yet swept heap objects: it
// grows as a query allocates, between collections too.
const heapMetric = "/memory/classes/heap/objects:bytes"

// watchHeap calls stop when the heap has grown more than limit bytes
// over its size at the start, checking every 2ms until done. The measure
// is of the whole process, so a query running beside a big allocation
// elsewhere may be stopped too: the watchdog fails closed.
func watchHeap(limit int64, done <-chan struct{}, stop func()) {
	sample := []metrics.Sample{{Name: heapMetric}}
	read := func() int64 {
		metrics.Read(sample)
		if sample[0].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		v := sample[0].Value.Uint64()
		if v > math.MaxInt64 {
			return math.MaxInt64
		}
		return int64(v)
	}
	base := read()
	t := time.NewTicker(2 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			if read()-base > limit {
				stop()
				return
			}
		}
	}
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
