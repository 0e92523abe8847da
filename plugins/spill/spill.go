// Package spill is the spill plugin: a direct tool call whose result is
// larger than max_inline_bytes does not flood the model's context. The whole
// result is saved in the client session's result store and the client gets
// a short preview, the res_... handle and a resource link; a snippet reads
// it back with load_result(handle), a client with resources/read.
//
//	[plugins]
//	use = ["spill"]
//	[plugins.spill]
//	max_inline_bytes = 16384   # default
//	preview_bytes = 512        # default
//	snippets = false           # also spill results of snippets' calls
//
// Snippets' calls are not spilled by default: a snippet filters large
// results in the sandbox, which is the point of code mode.
package spill

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/plugin"
	"github.com/toolplane/toolplane/server"
)

// Name is the plugin's name in `[plugins] use`.
const Name = "spill"

// MetaHandle is the Call.Meta key under which the handle of a spilled
// result is left for the layers outside spill.
const MetaHandle = "spill.handle"

// Config is the [plugins.spill] section.
type Config struct {
	MaxInlineBytes int  `toml:"max_inline_bytes"`
	PreviewBytes   int  `toml:"preview_bytes"`
	Snippets       bool `toml:"snippets"`
}

// Defaults of Config.
const (
	DefaultMaxInlineBytes = 16 << 10
	DefaultPreviewBytes   = 512
)

// Plugin spills large results. Construct it with New.
type Plugin struct{ cfg Config }

// New returns the plugin with the default configuration.
func New() *Plugin {
	return &Plugin{cfg: Config{MaxInlineBytes: DefaultMaxInlineBytes, PreviewBytes: DefaultPreviewBytes}}
}

// Name implements plugin.Plugin.
func (p *Plugin) Name() string { return Name }

// Install implements plugin.Plugin.
func (p *Plugin) Install(r *plugin.Registry) error {
	if err := r.Config(&p.cfg); err != nil {
		return err
	}
	r.OnBuild(func(context.Context) error {
		if p.cfg.MaxInlineBytes <= 0 {
			return fmt.Errorf("[plugins.spill] max_inline_bytes = %d: want a positive number of bytes", p.cfg.MaxInlineBytes)
		}
		if p.cfg.PreviewBytes < 0 || p.cfg.PreviewBytes > p.cfg.MaxInlineBytes {
			return fmt.Errorf("[plugins.spill] preview_bytes = %d: want 0 to max_inline_bytes (%d)", p.cfg.PreviewBytes, p.cfg.MaxInlineBytes)
		}
		return nil
	})
	r.Use(p.middleware)
	return nil
}

func (p *Plugin) middleware(next dispatch.Handler) dispatch.Handler {
	return func(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error) {
		res, err := next(ctx, call)
		if err != nil || res == nil || res.IsError || (call.Origin == dispatch.OriginSnippet && !p.cfg.Snippets) {
			return res, err
		}
		value, text := payload(res)
		if len(text) <= p.cfg.MaxInlineBytes {
			return res, nil
		}
		store := server.SessionResults(ctx)
		if store == nil {
			return res, nil // no session store here (Go API, results disabled)
		}
		e, serr := store.Save(value, "spilled result of "+call.CapabilityID)
		if serr != nil {
			// Too large even for the store: say so rather than flood.
			return &dispatch.Result{IsError: true, Content: []capability.Content{{Type: "text",
				Text: fmt.Sprintf("%s returned %d bytes, more than [plugins.spill] max_inline_bytes = %d, and saving it failed: %v", call.CapabilityID, len(text), p.cfg.MaxInlineBytes, serr)}}}, nil
		}
		if call.Meta != nil {
			call.Meta[MetaHandle] = e.Handle
		}
		preview := truncate(text, p.cfg.PreviewBytes)
		msg := fmt.Sprintf("The result of %s is %d bytes, more than max_inline_bytes = %d, so it was saved as %s.\n"+
			"Read it with load_result(%q) in execute_code (filter it there), or read the resource %s.\n\nPreview:\n%s",
			call.CapabilityID, len(text), p.cfg.MaxInlineBytes, e.Handle, e.Handle, e.URI(), preview)
		return &dispatch.Result{
			Structured: map[string]any{"spilled": true, "handle": e.Handle, "uri": e.URI(), "bytes": int64(len(text))},
			Content: []capability.Content{
				{Type: "text", Text: msg},
				{Type: "resource_link", URI: e.URI(), MIMEType: "application/json"},
			},
		}, nil
	}
}

// payload is what a result saves as (its structured value, else its text)
// and the text whose size decides.
func payload(res *dispatch.Result) (any, string) {
	if res.Structured != nil {
		b, err := json.Marshal(res.Structured)
		if err == nil {
			return res.Structured, string(b)
		}
	}
	var parts []string
	for _, c := range res.Content {
		switch c.Type {
		case "text", "resource":
			parts = append(parts, c.Text)
		case "image", "audio":
			parts = append(parts, c.Data)
		}
	}
	text := strings.Join(parts, "\n")
	return text, text
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("\n... (%d more bytes)", len(s)-cut)
}
