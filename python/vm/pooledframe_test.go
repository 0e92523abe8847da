package vm

import (
	"strconv"
	"sync"
	"sync/atomic"
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
