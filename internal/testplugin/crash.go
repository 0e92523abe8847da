// Package testplugin holds plugins that misbehave on purpose, for the
// attack suite. They are compiled into toolplane only with the build tag
// toolplane_e2e (internal/e2e builds the binary with it), never into a
// release.
package testplugin

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/plugin"
)

// Crash is the "crash" plugin: it panics where [plugins.crash] says.
//
//	[plugins.crash]
//	panic_on_build = true                  # OnBuild panics
//	panic_on_stop = true                   # OnStop panics
//	panic_capabilities = ["mcp:up/echo"]   # its middleware panics on calls of these
//
// It also serves /crash (a route that always panics) and /crash/ok.
type Crash struct {
	cfg struct {
		PanicOnBuild      bool     `toml:"panic_on_build"`
		PanicOnStop       bool     `toml:"panic_on_stop"`
		PanicCapabilities []string `toml:"panic_capabilities"`
	}
}

// New returns the crash plugin.
func New() *Crash { return &Crash{} }

// Name implements plugin.Plugin.
func (*Crash) Name() string { return "crash" }

// Install implements plugin.Plugin.
func (c *Crash) Install(r *plugin.Registry) error {
	if err := r.Config(&c.cfg); err != nil {
		return err
	}
	r.OnBuild(func(context.Context) error {
		if c.cfg.PanicOnBuild {
			panic("crash: told to panic on build")
		}
		return nil
	})
	r.OnStop(func() error {
		if c.cfg.PanicOnStop {
			panic("crash: told to panic on stop")
		}
		return nil
	})
	r.Use(func(next dispatch.Handler) dispatch.Handler {
		return func(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error) {
			if slices.Contains(c.cfg.PanicCapabilities, call.CapabilityID) {
				var m map[string]int
				m[call.CapabilityID]++ // a nil-map write: a real bug's panic
			}
			return next(ctx, call)
		}
	})
	r.Route("/crash", http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic(fmt.Sprintf("crash: told to panic serving %s", "/crash"))
	}))
	r.Route("/crash/ok", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintln(w, "ok")
	}))
	return nil
}
