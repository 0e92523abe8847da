// Package spill is the spill plugin: a result larger than
// max_inline_bytes does not flood the model's context. The whole result
// (error results too) is written to a disk store owned by the caller
// (token subject plus identity) and the client gets a short preview and
// the spill id; the spill_explore tool runs a jq query over it (bounded in
// time, memory and output), and GET /spill/<id> downloads it (token
// authentication; anyone but its owner gets 404).
//
//	[plugins]
//	use = ["spill"]
//	[plugins.spill]
//	dir = "~/.toolplane/spill"   # default; 0700, this user's
//	max_inline_bytes = 16384      # larger results are spilled
//	preview_bytes = 512
//	ttl = "30m"
//	max_bytes = "512MiB"          # on disk in all; never taken from a poorer owner
//	max_bytes_per_owner = "128MiB" # over it, the owner's oldest go
//	max_file_bytes = "16MiB"      # one result; larger ones are refused
//	public_base_url = ""          # this replica's own URL, for absolute download links
//	snippets = false              # also spill results of snippets' calls
//	explore_timeout = "5s"
//	explore_max_output_bytes = "64KiB"
//	explore_max_memory = "256MiB"
//
// Snippets' calls are not spilled by default: a snippet filters large
// results in the sandbox, which is the point of code mode. The plugin
// uses only the public plugin and dispatch API.
package spill

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/plugin"
)

// Name is the plugin's name in `[plugins] use`.
const Name = "spill"

// ExploreTool is the MCP tool that queries a spilled result.
const ExploreTool = "spill_explore"

// Meta keys under which a spill is left in Call.Meta for the layers
// outside spill (the audit line records them).
const (
	MetaID    = "spill.id"
	MetaBytes = "spill.bytes"
)

// Config is the [plugins.spill] section.
type Config struct {
	Dir                   string          `toml:"dir"`
	MaxInlineBytes        int             `toml:"max_inline_bytes"`
	PreviewBytes          int             `toml:"preview_bytes"`
	TTL                   config.Duration `toml:"ttl"`
	MaxBytes              config.ByteSize `toml:"max_bytes"`
	MaxBytesPerOwner      config.ByteSize `toml:"max_bytes_per_owner"`
	MaxFileBytes          config.ByteSize `toml:"max_file_bytes"`
	PublicBaseURL         string          `toml:"public_base_url"`
	Snippets              bool            `toml:"snippets"`
	ExploreTimeout        config.Duration `toml:"explore_timeout"`
	ExploreMaxOutputBytes config.ByteSize `toml:"explore_max_output_bytes"`
	ExploreMaxMemory      config.ByteSize `toml:"explore_max_memory"`
}

// Defaults of Config.
const (
	DefaultMaxInlineBytes        = 16 << 10
	DefaultPreviewBytes          = 512
	DefaultTTL                   = 30 * time.Minute
	DefaultMaxBytes              = 512 << 20
	DefaultMaxBytesPerOwner      = 128 << 20
	DefaultMaxFileBytes          = 16 << 20
	DefaultExploreTimeout        = 5 * time.Second
	DefaultExploreMaxOutputBytes = 64 << 10
	DefaultExploreMaxMemory      = 256 << 20
)

// Plugin spills large results. Construct it with New.
type Plugin struct {
	cfg      Config
	store    *Store
	explorer *explorer
	newID    func() string
}

// New returns the plugin with the default configuration.
func New() *Plugin {
	return &Plugin{cfg: Config{
		MaxInlineBytes: DefaultMaxInlineBytes, PreviewBytes: DefaultPreviewBytes,
		TTL: config.Duration{Duration: DefaultTTL}, MaxBytes: DefaultMaxBytes,
		MaxBytesPerOwner: DefaultMaxBytesPerOwner, MaxFileBytes: DefaultMaxFileBytes,
		ExploreTimeout:        config.Duration{Duration: DefaultExploreTimeout},
		ExploreMaxOutputBytes: DefaultExploreMaxOutputBytes, ExploreMaxMemory: DefaultExploreMaxMemory,
	}}
}

// Name implements plugin.Plugin.
func (p *Plugin) Name() string { return Name }

// Store is the plugin's store once built (nil before), for tests and
// hosts.
func (p *Plugin) Store() *Store { return p.store }

// Install implements plugin.Plugin.
func (p *Plugin) Install(r *plugin.Registry) error {
	if err := r.Config(&p.cfg); err != nil {
		return err
	}
	p.newID = func() string { return r.NewOwnedID("sp_") }
	r.OnBuild(func(ctx context.Context) error {
		if err := p.check(); err != nil {
			return err
		}
		dir, err := p.dir()
		if err != nil {
			return err
		}
		st, err := OpenStore(dir, Limits{TTL: p.cfg.TTL.Duration, MaxBytes: int64(p.cfg.MaxBytes), MaxBytesPerOwner: int64(p.cfg.MaxBytesPerOwner), MaxFileBytes: int64(p.cfg.MaxFileBytes)})
		if err != nil {
			return err
		}
		p.store = st
		p.explorer = newExplorer(ExploreLimits{Timeout: p.cfg.ExploreTimeout.Duration, MaxOutputBytes: int(p.cfg.ExploreMaxOutputBytes), MaxOutputs: 10000, MaxMemory: int64(p.cfg.ExploreMaxMemory), Concurrent: 2})
		if err := p.explorer.check(ctx); err != nil {
			_ = st.Close()
			return err
		}
		sweep, stop := context.WithCancel(context.Background())
		r.OnStop(func() error { stop(); return st.Close() })
		go p.sweep(sweep)
		return nil
	})
	r.Use(p.middleware)
	r.Tool(plugin.Tool{
		Name:        ExploreTool,
		Description: exploreDescription,
		InputSchema: json.RawMessage(exploreSchema),
		Labels:      map[string]string{"capability": "read", "risk": "none"},
		Handler:     p.explore,
	})
	r.Route("GET /spill/{id}", http.HandlerFunc(p.download))
	r.OwnerRouted(ExploreTool, "id")
	r.OwnerRoutedPath("/spill/", func(req *http.Request) string { return strings.TrimPrefix(req.URL.Path, "/spill/") })
	return nil
}

const exploreDescription = `Query a spilled result (a result too large to return whole, saved under a spill id) with a jq expression, e.g. ".items | length", ".items[:10]", ".items[] | select(.state == \"open\") | .title", "keys". Answers are cut at a size limit; page with slices.`

const exploreSchema = `{"type":"object","properties":{"id":{"type":"string","description":"the spill id the large result named (sp_...)"},"query":{"type":"string","description":"a jq expression over the whole result; default \".\" (cut to the output limit)"}},"required":["id"],"additionalProperties":false}`

// check validates the configuration.
func (p *Plugin) check() error {
	c := p.cfg
	switch {
	case c.MaxInlineBytes <= 0:
		return fmt.Errorf("[plugins.spill] max_inline_bytes = %d: want a positive number of bytes", c.MaxInlineBytes)
	case c.PreviewBytes < 0 || c.PreviewBytes > c.MaxInlineBytes:
		return fmt.Errorf("[plugins.spill] preview_bytes = %d: want 0 to max_inline_bytes (%d)", c.PreviewBytes, c.MaxInlineBytes)
	case c.TTL.Duration <= 0:
		return fmt.Errorf("[plugins.spill] ttl must be positive")
	case c.MaxFileBytes <= 0 || c.MaxBytesPerOwner < c.MaxFileBytes || c.MaxBytes < c.MaxBytesPerOwner:
		return fmt.Errorf("[plugins.spill] want 0 < max_file_bytes (%s) <= max_bytes_per_owner (%s) <= max_bytes (%s)", c.MaxFileBytes, c.MaxBytesPerOwner, c.MaxBytes)
	case c.ExploreTimeout.Duration <= 0 || c.ExploreMaxOutputBytes <= 0 || c.ExploreMaxMemory <= 0:
		return fmt.Errorf("[plugins.spill] explore_timeout, explore_max_output_bytes and explore_max_memory must be positive")
	}
	if c.PublicBaseURL != "" {
		u, err := url.Parse(c.PublicBaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" {
			return fmt.Errorf("[plugins.spill] public_base_url = %q: want this replica's own http(s)://HOST[:PORT][/PREFIX]", c.PublicBaseURL)
		}
	}
	return nil
}

func (p *Plugin) dir() (string, error) {
	d := p.cfg.Dir
	if d == "" {
		d = "~/.toolplane/spill"
	}
	if rest, ok := strings.CutPrefix(d, "~/"); ok {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("[plugins.spill] dir %s: %w; set dir", d, err)
		}
		d = filepath.Join(home, rest)
	}
	return d, nil
}

func (p *Plugin) sweep(ctx context.Context) {
	every := min(p.cfg.TTL.Duration/2, time.Minute)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			p.store.Sweep()
		}
	}
}

// owner is the store's owner key of a caller: the token subject and the
// identity behind it, so two people behind one gateway token do not see
// each other's results.
func owner(subject, identity string) string { return subject + "\x00" + identity }

func (p *Plugin) middleware(next dispatch.Handler) dispatch.Handler {
	return func(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error) {
		res, err := next(ctx, call)
		if err != nil || res == nil || (call.Origin == dispatch.OriginSnippet && !p.cfg.Snippets) ||
			strings.HasPrefix(call.CapabilityID, string(capability.SourcePlugin)+":"+Name+"/") {
			return res, err
		}
		data := payload(res)
		if len(data) <= p.cfg.MaxInlineBytes {
			return res, nil
		}
		id := p.newID()
		if serr := p.store.Put(id, owner(call.Subject, call.Identity), call.CapabilityID, res.IsError, data); serr != nil {
			// Too large even for the store: say so rather than flood.
			return &dispatch.Result{IsError: true, Content: []capability.Content{{Type: "text",
				Text: fmt.Sprintf("%s returned %d bytes, more than [plugins.spill] max_inline_bytes = %d, and spilling it failed: %v", call.CapabilityID, len(data), p.cfg.MaxInlineBytes, serr)}}}, nil
		}
		if call.Meta != nil {
			call.Meta[MetaID], call.Meta[MetaBytes] = id, int64(len(data))
		}
		link := "/spill/" + id
		if p.cfg.PublicBaseURL != "" {
			link = strings.TrimSuffix(p.cfg.PublicBaseURL, "/") + link
		}
		kind := "result"
		if res.IsError {
			kind = "error result"
		}
		msg := fmt.Sprintf("The %s of %s is %d bytes, more than max_inline_bytes = %d, so it was saved as spill id %s for %s.\n"+
			"Query it with the %s tool ({\"id\": %q, \"query\": \".items[:10]\"}), or download it with GET %s (same token).\n\nPreview:\n%s",
			kind, call.CapabilityID, len(data), p.cfg.MaxInlineBytes, id, p.cfg.TTL.Duration, ExploreTool, id, link, truncate(string(data), p.cfg.PreviewBytes))
		return &dispatch.Result{
			IsError:    res.IsError,
			Structured: map[string]any{"spilled": true, "id": id, "bytes": int64(len(data)), "url": link, "is_error": res.IsError},
			Content:    []capability.Content{{Type: "text", Text: msg}},
		}, nil
	}
}

// payload is what a result saves as: its structured value, else its
// content blocks (text, images, audio, resources), as JSON, so the size
// judged is the size sent.
func payload(res *dispatch.Result) []byte {
	if res.Structured != nil {
		if b, err := json.Marshal(res.Structured); err == nil {
			return b
		}
	}
	if len(res.Content) == 1 && res.Content[0].Type == "text" {
		b, _ := json.Marshal(res.Content[0].Text)
		return b
	}
	b, _ := json.Marshal(res.Content)
	return b
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

// explore is the spill_explore tool.
func (p *Plugin) explore(ctx context.Context, args map[string]any) (*capability.Result, error) {
	call := dispatch.CallFrom(ctx)
	if call == nil {
		return nil, fmt.Errorf("%s: no caller", ExploreTool)
	}
	id, _ := args["id"].(string)
	query, _ := args["query"].(string)
	if query == "" {
		query = "."
	}
	data, _, err := p.store.Read(id, owner(call.Subject, call.Identity))
	if err != nil {
		return errorResult(fmt.Sprintf("%s: %v", ExploreTool, err)), nil
	}
	out, err := p.explorer.run(ctx, query, data)
	if err != nil {
		return errorResult(fmt.Sprintf("%s: %v", ExploreTool, err)), nil
	}
	var b strings.Builder
	for _, r := range out.Results {
		b.Write(r)
		b.WriteByte('\n')
	}
	if out.Truncated != "" {
		b.WriteString("[" + out.Truncated + "]\n")
	}
	return &capability.Result{Content: []capability.Content{{Type: "text", Text: b.String()}}}, nil
}

func errorResult(msg string) *capability.Result {
	return &capability.Result{IsError: true, Content: []capability.Content{{Type: "text", Text: msg}}}
}

// download serves GET /spill/<id> to the result's owner; anyone else
// gets the 404 of an id that does not exist (no 403, no owner hint).
func (p *Plugin) download(w http.ResponseWriter, r *http.Request) {
	caller, ok := plugin.CallerFrom(r.Context())
	if !ok {
		http.NotFound(w, r)
		return
	}
	f, e, err := p.store.Open(r.PathValue("id"), owner(caller.Subject, caller.Identity))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Disposition", `attachment; filename="`+e.ID+`.json"`)
	h.Set("Cache-Control", "private, no-store")
	size := e.Bytes
	if fi, err := f.Stat(); err == nil {
		size = min(size, fi.Size())
	}
	h.Set("Content-Length", fmt.Sprint(size))
	_, _ = io.Copy(w, io.LimitReader(f, size))
}
