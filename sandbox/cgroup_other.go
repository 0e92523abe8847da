//go:build !linux

package sandbox

import "fmt"

// pidsGroups: outside Linux there are no cgroups; the watch (where there
// is one) is all.
type pidsGroups struct{ prot Protection }

func newPidsGroups(max int) *pidsGroups {
	return &pidsGroups{prot: Protection{Name: "threads", Detail: fmt.Sprintf("not in force: cgroups are Linux only; nothing holds a worker to %d threads", max)}}
}

func (g *pidsGroups) add(int) func() bool { return nil }

func (g *pidsGroups) close() {}
