package toolplane

import (
	"context"
	"fmt"

	"github.com/toolplane/toolplane/config"
)

// FromConfig loads toolplane.toml at path (strictly: unknown keys are
// errors with positions) and builds the runtime it describes; see
// NewWithConfig. opts are applied after the configuration, so a caller
// can add Go capabilities and middlewares.
func FromConfig(ctx context.Context, path string, opts ...Option) (*Runtime, error) {
	cfg, err := config.Load(path)
	if err != nil {
		return nil, err
	}
	return NewWithConfig(ctx, cfg, opts...)
}

// NewWithConfig builds a runtime from an already decoded configuration
// (commands that claim extra sections load it themselves).
//
// It applies [toolplane] default_backend. Capability sources configured in
// [mcp] and [cli] are connected by the facades that own their lifecycle;
// a configuration naming a backend this build cannot run is refused here,
// naming the key.
func NewWithConfig(ctx context.Context, cfg *config.Config, opts ...Option) (*Runtime, error) {
	name := string(cfg.Toolplane.DefaultBackend)
	if name == "" {
		name = string(config.BackendEmbedded)
	}
	all := append([]Option{WithDefaultBackend(name)}, opts...)
	rt, err := New(all...)
	if err != nil {
		where := cfg.Path
		if where == "" {
			where = "configuration"
		}
		return nil, fmt.Errorf("%s: [toolplane] default_backend = %q: %w", where, name, err)
	}
	return rt, nil
}
