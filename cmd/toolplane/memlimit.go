package main

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/toolplane/toolplane/internal/hostmem"
)

// memoryLimitSource says where the process's Go memory limit came from,
// for doctor; set by setMemoryLimit.
var memoryLimitSource = "none"

// setMemoryLimit gives the process a soft memory limit (the Go runtime's
// debug.SetMemoryLimit): the collector runs before the heap, garbage
// included, passes it. The binary runs its collector at GOGC 400
// (python.TuneGC), so the heap grows to five times what is live before a
// collection; without a limit, a burst of short-lived answers (48 tool
// lists of 15 MB at once) took serve to its cap as garbage. The limit is
// soft: a live heap above it is not refused (the interpreter's own limits
// do that), the collector only works harder.
//
// GOMEMLIMIT in the environment overrides it (the runtime has read it;
// "off" removes the limit). Otherwise it is the smaller of three quarters
// of the memory the process may use (its cgroup's limit, or the host's
// memory: internal/hostmem) and half its address-space limit (ulimit -v),
// the rest being for the runtime's own mappings, sandbox workers and
// upstream servers. Nothing known, no limit. Sandbox and spill workers set
// their own from their run's limit before this runs.
func setMemoryLimit() {
	if v := os.Getenv("GOMEMLIMIT"); v != "" {
		memoryLimitSource = "GOMEMLIMIT=" + v
		return
	}
	lim, src := softMemoryLimit(hostmem.Detect(), addressSpaceLimit())
	if lim > 0 {
		debug.SetMemoryLimit(lim)
		memoryLimitSource = src
	}
}

// softMemoryLimit derives the limit from the memory the process may use
// and its address-space limit (0: unknown or none).
func softMemoryLimit(mem hostmem.Memory, addressSpace int64) (int64, string) {
	var lim int64
	var src string
	if mem.Bytes > 0 {
		lim, src = mem.Bytes/4*3, "three quarters of "+mem.String()
	}
	if addressSpace > 0 && (lim == 0 || addressSpace/2 < lim) {
		lim, src = addressSpace/2, fmt.Sprintf("half the address-space limit of %d MiB", addressSpace>>20)
	}
	return lim, src
}

// memoryLimitText is the process's Go memory limit and its source, for
// doctor.
func memoryLimitText() string {
	lim := debug.SetMemoryLimit(-1)
	if lim == math.MaxInt64 {
		return "none (" + memoryLimitSource + ")"
	}
	return fmt.Sprintf("%d MiB (%s)", lim>>20, memoryLimitSource)
}

// tinyMemoryLimit is the Go memory limit below which doctor warns: the
// binary alone holds tens of MiB, so under it the collector runs all the
// time and serve is slow for every client (GOMEMLIMIT=1 is accepted by
// the runtime).
const tinyMemoryLimit = 256 << 20

// memoryLimitTooSmall reports whether this process's Go memory limit is
// set below tinyMemoryLimit.
func memoryLimitTooSmall() bool {
	return debug.SetMemoryLimit(-1) < tinyMemoryLimit
}

// hostCPUs is the number of CPUs this process may use (the Go runtime's
// GOMAXPROCS, which follows a container's CPU limit), from which the run
// caps are derived.
func hostCPUs() int { return runtime.GOMAXPROCS(0) }
