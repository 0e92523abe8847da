// Package audit is the audit plugin: a dispatch line (capability, origin,
// outcome, duration, run id, log id, subject) for every call that reaches
// the plugin chain, written with the audit logger.
//
//	[plugins]
//	use = ["audit", ...]
//	[plugins.audit]
//	path = "/var/log/toolplane/audit.jsonl"   # default ~/.toolplane/audit.jsonl
//
// Installed first in `use`, it sees every admitted call and records what the
// layers inside it (spill, quota, the capability) made of it. Calls refused
// by admission never reach plugins; the [audit] logger installed outside
// admission records those.
package audit

import (
	"context"
	"io"
	"os"

	"github.com/toolplane/toolplane/audit"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/plugin"
)

// Name is the plugin's name in `[plugins] use`.
const Name = "audit"

// Config is the [plugins.audit] section.
type Config struct {
	// Path is the JSONL file to append to; "" means ~/.toolplane/audit.jsonl.
	Path string `toml:"path"`
}

// Plugin writes dispatch lines. Construct it with New.
type Plugin struct {
	cfg    Config
	warn   io.Writer
	logger *audit.Logger
	owned  bool
}

// Option configures the plugin.
type Option func(*Plugin)

// WithLogger writes to l (which the caller owns and closes) instead of
// opening [plugins.audit] path.
func WithLogger(l *audit.Logger) Option { return func(p *Plugin) { p.logger = l } }

// WithWarnings sends the logger's one-time failure warning to w (default
// os.Stderr).
func WithWarnings(w io.Writer) Option { return func(p *Plugin) { p.warn = w } }

// New returns the plugin.
func New(opts ...Option) *Plugin {
	p := &Plugin{warn: os.Stderr}
	for _, o := range opts {
		o(p)
	}
	return p
}

// Name implements plugin.Plugin.
func (p *Plugin) Name() string { return Name }

// Install implements plugin.Plugin.
func (p *Plugin) Install(r *plugin.Registry) error {
	if err := r.Config(&p.cfg); err != nil {
		return err
	}
	r.OnBuild(func(context.Context) error {
		if p.logger != nil {
			return nil
		}
		l, err := audit.Open(p.cfg.Path, p.warn)
		if err != nil {
			return err
		}
		p.logger, p.owned = l, true
		return nil
	})
	r.OnStop(func() error {
		if p.owned {
			return p.logger.Close()
		}
		return nil
	})
	r.Use(func(next dispatch.Handler) dispatch.Handler {
		return audit.Middleware(p.logger)(next)
	})
	return nil
}
