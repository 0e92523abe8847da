package testplugin

import (
	"encoding/json"
	"net/http"
	"runtime"

	"github.com/toolplane/toolplane/plugin"
)

// Stats is the "stats" plugin: it serves /debug/stats, the server's
// goroutine count, so the attack suite can check that what a test did
// left nothing running behind it.
type Stats struct{}

// NewStats returns the stats plugin.
func NewStats() *Stats { return &Stats{} }

// Name implements plugin.Plugin.
func (*Stats) Name() string { return "stats" }

// Install implements plugin.Plugin.
func (*Stats) Install(r *plugin.Registry) error {
	r.Route("/debug/stats", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]int{"goroutines": runtime.NumGoroutine()})
	}))
	return nil
}
