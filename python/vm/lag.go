package vm

import "runtime/metrics"

// chargeLag is the backstop of the accounting that needs no allocation
// site to charge: it compares the process's live heap with what the run
// is charged, and when the heap has grown far past the charges it makes
// the run measure what it retains (the walk counts every value reachable
// from the run's roots, charged or not), which raises MemoryError when
// that is over the limit. A value stored where nothing charges it (a
// str up to one block kept by a suspended generator's frame) then costs
// the run its size at the walk instead of letting it hold several times
// its limit before the charges reach it.
//
// The live heap is what the last collection found reachable, so only a
// reading from a collection that ended after the run's start or its last
// measure says anything new: the run's share of it is then at most what
// it retained at the measure plus what it was charged since, which is
// what the counter holds. The rest of the process (its baseline, other
// runs, the host's own data) is taken from the first collection within
// the run, and raised when a measure finds an excess that is not the
// run's. The check fires only when the live heap passes the counter and
// that rest by lagSlack, so an honest run, whose charges keep up, walks
// no more often than its charges make it.
//
// How far a run can get past its limit depends on how often the
// collector runs: a worker process sets its Go memory limit near the
// run's (sandbox), so collections come before its heap passes it; a
// process with a plain GOGC lets the heap grow by that ratio between two
// readings.
type chargeLag struct {
	// samples are the heap goal, the live heap and the collections
	// completed; the goal, cheap to read (under 100 ns, the other two
	// about a microsecond), changes when a collection ends, so the
	// others are read only then.
	samples [3]metrics.Sample
	goal    uint64
	// base is the process's live heap beyond the run's counter: the
	// first reading within the run less the counter then (based once
	// set).
	base  int64
	based bool
	// cycle is the collections completed at the last measure (or the
	// run's start); a reading from no later collection is skipped.
	cycle   uint64
	started bool
}

// lagSlack is how far the live heap may pass the run's counter and the
// rest of the process before the run measures what it retains.
func lagSlack(limit int64) int64 { return limit/8 + 8<<20 }

// read returns the live heap at the last collection and the number of
// collections completed, or ok false when the heap goal is the one seen
// at the last read (no collection ended since).
func (l *chargeLag) read() (live int64, cycles uint64, ok bool) {
	if l.samples[0].Name == "" {
		l.samples[0].Name = "/gc/heap/goal:bytes"
		l.samples[1].Name = "/gc/heap/live:bytes"
		l.samples[2].Name = "/gc/cycles/total:gc-cycles"
	}
	metrics.Read(l.samples[:1])
	if v := l.samples[0].Value; v.Kind() == metrics.KindUint64 {
		if v.Uint64() == l.goal {
			return 0, 0, false
		}
		l.goal = v.Uint64()
	}
	metrics.Read(l.samples[1:])
	if v := l.samples[1].Value; v.Kind() == metrics.KindUint64 {
		live = int64(v.Uint64())
	}
	if v := l.samples[2].Value; v.Kind() == metrics.KindUint64 {
		cycles = v.Uint64()
	}
	return live, cycles, true
}

// checkLag measures what the run retains when the live heap has grown
// past its charges (chargeLag), failing with MemoryError when that is
// over the limit.
func (t *Thread) checkLag() error {
	l := &t.lag
	if t.globals == nil {
		return nil
	}
	live, cycles, ok := l.read()
	if !ok {
		return nil
	}
	switch {
	case !l.started:
		l.started, l.cycle = true, cycles
		return nil
	case cycles == l.cycle:
		// The live heap predates the run's start or its last measure.
		return nil
	case !l.based:
		// The first collection within the run: the rest of the process
		// (a reading from before the run could count the last run's
		// values, since dropped, and hide as much).
		l.based, l.base = true, live-t.mem
		return nil
	case live-t.mem <= l.base+lagSlack(t.limits.MaxMemoryBytes):
		return nil
	}
	// The counter keeps what it held if that is more: a poll can come
	// from within Charge, between charging an allocation and making it.
	counted := t.mem
	ok, err := t.remeasure(0)
	if err != nil {
		return err
	}
	if !ok {
		return t.memoryError()
	}
	t.mem = max(t.mem, counted)
	// What the run retains fits: the excess is the rest of the process's
	// (another run, the host), which the next readings discount.
	l.base = max(l.base, live-t.mem)
	return nil
}

// measured notes that the run has just measured what it retains: the
// live heap read before the next collection predates the measure.
func (l *chargeLag) measured() {
	if l.started {
		l.goal = 0
		_, l.cycle, _ = l.read()
	}
}
