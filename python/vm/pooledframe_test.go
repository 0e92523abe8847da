package vm

import (
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
)

// The package's tests check every frame releaseFrame pools: its whole
// value buffer must be nil after the clear, which covers only the locals
// and the code's MaxStack slots (CodeObj.clearTo). A value left there
// would be kept alive by the pool without being charged.
var (
	pooledBad     atomic.Int64
	pooledBadOnce sync.Once
	pooledBadCode atomic.Value
)

func init() {
	pooledFrameCheck = func(f *Frame, buf []Value) {
		for i, v := range buf {
			if v != nil {
				pooledBad.Add(1)
				pooledBadOnce.Do(func() {
					pooledBadCode.Store(f.code.QualName + " slot " + strconv.Itoa(i) + " of " + strconv.Itoa(len(buf)))
				})
				return
			}
		}
	}
}

// The package's tests also check every frame releaseFrame is given,
// pooled or not, before it is cleared: a code whose MaxStack is known
// must not have pushed past it (its stack outgrew the buffer, or a value
// was left above its MaxStack slots).
var (
	depthBad     atomic.Int64
	depthChecked atomic.Int64
	depthGen     atomic.Int64
	depthBadOnce sync.Once
	depthBadCode atomic.Value
)

func init() {
	frameDepthCheck = func(f *Frame) {
		depthChecked.Add(1)
		if f.gen != nil {
			depthGen.Add(1)
		}
		c := f.code
		if c == nil || c.MaxStack == 0 || f.buf == nil {
			return
		}
		nl := len(f.locals)
		buf := f.buf[:cap(f.buf)]
		why := ""
		if cap(f.stack) != len(buf)-nl {
			why = "its stack outgrew the buffer"
		} else {
			for i := nl + c.MaxStack; i < len(buf); i++ {
				if buf[i] != nil {
					why = "stack slot " + strconv.Itoa(i-nl) + " was written"
					break
				}
			}
		}
		if why != "" {
			depthBad.Add(1)
			depthBadOnce.Do(func() {
				depthBadCode.Store(c.QualName + " (MaxStack " + strconv.Itoa(c.MaxStack) + "): " + why)
			})
		}
	}
}

// TestClearPrefix checks clearPrefix, which releaseFrame and pushPlain
// clear slots with, four, eight or sixteen at a time where the slice is
// long enough: the first n slots are nil after it, for every n up to the
// slice's length.
func TestClearPrefix(t *testing.T) {
	for size := 0; size <= 20; size++ {
		for n := 0; n <= size; n++ {
			s := make([]Value, size)
			for i := range s {
				s[i] = Int(i + 1)
			}
			clearPrefix(s, n)
			for i := range n {
				if s[i] != nil {
					t.Fatalf("clearPrefix(%d slots, %d): slot %d is %v", size, n, i, s[i])
				}
			}
		}
	}
}
