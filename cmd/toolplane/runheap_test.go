package main

import (
	"testing"
	"time"
)

// TestPrepareHeapWhenGrowing checks the policy of `toolplane run`'s heap
// preparation: a run whose heap does not grow never pays for it (fib cold
// took a quarter more CPU when it was prepared on a timer), a run whose
// heap grows gets it, and none starts once the run has ended.
func TestPrepareHeapWhenGrowing(t *testing.T) {
	called := make(chan int, 1)
	defer func(real func(int)) { prepareHeap = real }(prepareHeap)
	prepareHeap = func(n int) { called <- n }
	// This test's process holds what earlier tests left: the early rule
	// (a heap already large at the first look) is TestPrepareHeapEarly's.
	early := runHeapEarly
	runHeapEarly = heapTouched() + 1<<30
	defer func() { runHeapEarly = early }()

	// A heap that stays as it is: no preparation however long the run.
	stop := prepareHeapWhenGrowing()
	select {
	case <-called:
		stop()
		t.Fatal("the heap was prepared for a run whose heap did not grow")
	case <-time.After(runHeapDelay + 30*runHeapPoll):
	}
	stop()

	// A heap that grows: prepared, within a generous bound on a loaded machine.
	stop = prepareHeapWhenGrowing()
	defer stop()
	var keep [][]byte
	deadline := time.After(30 * time.Second)
	for {
		b := make([]byte, 256<<10)
		for i := range b {
			b[i] = 1
		}
		keep = append(keep, b)
		select {
		case n := <-called:
			if n != runHeapBytes {
				t.Fatalf("prepared %d bytes, want %d", n, runHeapBytes)
			}
			return
		case <-deadline:
			t.Fatalf("the heap grew to %d MiB and was never prepared", len(keep)/4)
		case <-time.After(time.Millisecond):
		}
		if len(keep) > 4096 { // 1 GiB: stop growing, keep waiting
			keep = keep[:0]
		}
	}
}

// TestPrepareHeapStopped checks that stopping the looking before the first
// look starts no preparation, whatever the heap does after.
func TestPrepareHeapStopped(t *testing.T) {
	called := make(chan int, 1)
	defer func(real func(int)) { prepareHeap = real }(prepareHeap)
	prepareHeap = func(n int) { called <- n }
	prepareHeapWhenGrowing()()
	keep := make([]byte, 64<<20)
	for i := range keep {
		keep[i] = 1
	}
	select {
	case <-called:
		t.Fatal("the heap was prepared after the run ended")
	case <-time.After(runHeapDelay + 20*runHeapPoll):
	}
	_ = keep[len(keep)-1]
}

// TestPrepareHeapEarly checks that a heap already past runHeapEarly at the
// first look is prepared then, not a poll later.
func TestPrepareHeapEarly(t *testing.T) {
	called := make(chan int, 1)
	defer func(real func(int)) { prepareHeap = real }(prepareHeap)
	prepareHeap = func(n int) { called <- n }
	early := runHeapEarly
	runHeapEarly = 1 // any heap is past it
	defer func() { runHeapEarly = early }()
	stop := prepareHeapWhenGrowing()
	defer stop()
	select {
	case <-called:
	case <-time.After(30 * time.Second):
		t.Fatal("a heap past runHeapEarly at the first look was never prepared")
	}
}
