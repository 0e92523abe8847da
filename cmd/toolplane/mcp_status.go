package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/config"
	mcpsrc "github.com/toolplane/toolplane/source/mcp"
)

// mcpStatusJSON is one server of `mcp status --json`.
type mcpStatusJSON struct {
	Name             string   `json:"name"`
	Transport        string   `json:"transport"`
	Target           string   `json:"target"`
	State            string   `json:"state"`
	Error            string   `json:"error,omitempty"`
	Auth             string   `json:"auth"`
	PID              int      `json:"pid,omitempty"`
	Tools            []string `json:"tools"`
	LeftOut          []string `json:"left_out,omitempty"`
	ConnectLatencyMS float64  `json:"connect_latency_ms"`
	ListLatencyMS    float64  `json:"list_latency_ms"`
	Restarts         int      `json:"restarts"`
	LastErrors       []string `json:"last_errors"`
	StderrTail       string   `json:"stderr_tail,omitempty"`
}

func newMCPStatusCmd(a *app) *cobra.Command {
	var asJSON bool
	var timeout time.Duration
	cmd := &cobra.Command{
		Use:   "status [NAME]",
		Short: "Connect to servers and report tools, latency and auth state",
		Long: `Connect to each configured MCP server (or only NAME): start stdio servers,
reach URL servers, list their tools, and report the state (ok, needs_login,
error), the connect and tools/list latency, the auth in use, the last errors
and, for stdio servers, the end of their stderr. The servers are stopped
again when the command ends.

Each server may take its own start timeout ([mcp.servers.NAME]
startup_timeout; unset: 30s, or 5m for a command that downloads its server
first, such as npx or uvx); --timeout replaces it for every server. A server
still starting after 5s is reported every 5s on stderr. A first npx or uvx
start downloads the package: give it the time once (toolplane mcp status
NAME --timeout 10m) and later starts are quick. A start cut short is stopped
with SIGTERM before SIGKILL, so npx releases its cache lock.

Exit status is 1 when any server is not ok.`,
		Example: `  toolplane mcp status
  toolplane mcp status linear
  toolplane mcp status --json
  toolplane mcp status everything --timeout 10m   # a first npx download`,
		Args: usageArgs(cobra.MaximumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if timeout < 0 {
				return usageErrorf("--timeout must not be negative")
			}
			return runMCPStatus(cmd.Context(), a, args, asJSON, timeout)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print a JSON array, one object per server")
	cmd.Flags().DurationVar(&timeout, "timeout", 0, "how long each server may take to start, connect and list its tools (default: each server's startup_timeout)")
	return cmd
}

func runMCPStatus(ctx context.Context, a *app, args []string, asJSON bool, timeout time.Duration) error {
	a.withTerminalSafeOutput()
	cfg, err := a.loadConfig()
	if err != nil {
		return err
	}
	names := cfg.ServerNames()
	if len(args) == 1 {
		if _, ok := cfg.MCP.Servers[args[0]]; !ok {
			return fmt.Errorf("no MCP server %q in %s (%s)", args[0], cfg.Path, knownServers(cfg))
		}
		names = args[:1]
	}
	if len(names) == 0 {
		fmt.Fprintf(a.IO.Err, "no MCP servers in %s; add one with `toolplane mcp add`\n", cfg.Path)
		return nil
	}
	open := a.openOptions(nil)
	open.MCPStartTimeout = timeout
	mgr, err := toolplane.NewMCPManager(ctx, cfg, open)
	if err != nil {
		return err
	}
	defer mgr.Close()

	statuses := make([]mcpsrc.ServerStatus, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Go(func() {
			// The manager bounds the start (the server's start timeout,
			// or --timeout); this bounds the rest, generously.
			cctx, cancel := context.WithTimeout(ctx, statusTimeout(cfg, name, timeout))
			defer cancel()
			st, err := mgr.Status(cctx, name)
			if err != nil {
				st = mcpsrc.ServerStatus{Name: name, State: "error", Error: err.Error()}
			}
			statuses[i] = st
		})
	}
	wg.Wait()

	bad := 0
	for _, st := range statuses {
		if st.State != "ok" {
			bad++
		}
	}
	if asJSON {
		out := make([]mcpStatusJSON, 0, len(statuses))
		for _, st := range statuses {
			out = append(out, mcpStatusJSON{
				Name: st.Name, Transport: string(st.Transport), Target: st.Target, State: st.State,
				Error: st.Error, Auth: st.Auth, PID: st.PID, Tools: nonNil(st.Tools), LeftOut: st.LeftOut,
				ConnectLatencyMS: ms(st.ConnectLatency), ListLatencyMS: ms(st.ListLatency),
				Restarts: st.Restarts, LastErrors: nonNil(st.LastErrors), StderrTail: st.StderrTail,
			})
		}
		enc := json.NewEncoder(a.IO.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		for i, st := range statuses {
			if i > 0 {
				fmt.Fprintln(a.IO.Out)
			}
			writeStatus(a.IO.Out, st)
		}
	}
	if bad > 0 {
		return fmt.Errorf("mcp status: %d of %d server(s) not ok", bad, len(statuses))
	}
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// writeStatus prints one server's status as an indented block.
func writeStatus(w io.Writer, st mcpsrc.ServerStatus) {
	fmt.Fprintf(w, "%s: %s\n", st.Name, st.State)
	if st.Target != "" {
		fmt.Fprintf(w, "  %-9s %s %s\n", "target:", st.Transport, st.Target)
	}
	fmt.Fprintf(w, "  %-9s %s\n", "auth:", st.Auth)
	if st.Error != "" {
		fmt.Fprintf(w, "  %-9s %s\n", "error:", st.Error)
	}
	if st.State == "ok" {
		lat := fmt.Sprintf("tools/list %s", st.ListLatency.Round(time.Microsecond*100))
		if st.ConnectLatency > 0 {
			lat = fmt.Sprintf("connect %s, %s", st.ConnectLatency.Round(time.Microsecond*100), lat)
		}
		fmt.Fprintf(w, "  %-9s %s\n", "latency:", lat)
		fmt.Fprintf(w, "  %-9s %d: %s\n", "tools:", len(st.Tools), strings.Join(st.Tools, ", "))
	}
	if len(st.LeftOut) > 0 {
		fmt.Fprintf(w, "  left out (the server's names or schemas are not accepted):\n")
		for _, e := range st.LeftOut {
			fmt.Fprintf(w, "    %s\n", e)
		}
	}
	if st.PID > 0 {
		fmt.Fprintf(w, "  %-9s %d\n", "pid:", st.PID)
	}
	if st.Restarts > 0 {
		fmt.Fprintf(w, "  %-9s %d\n", "restarts:", st.Restarts)
	}
	// The last errors, less the one just shown as the error.
	var earlier []string
	for _, e := range st.LastErrors {
		if _, text, _ := strings.Cut(e, " "); text != st.Error {
			earlier = append(earlier, e)
		}
	}
	if len(earlier) > 0 {
		fmt.Fprintf(w, "  last errors:\n")
		for _, e := range earlier {
			fmt.Fprintf(w, "    %s\n", e)
		}
	}
	if tail := strings.TrimRight(st.StderrTail, "\n"); tail != "" {
		fmt.Fprintf(w, "  stderr:\n")
		for _, l := range strings.Split(tail, "\n") {
			fmt.Fprintf(w, "    | %s\n", l)
		}
	}
}

// knownServers names the configured servers for an error message.
func knownServers(cfg *config.Config) string {
	if names := cfg.ServerNames(); len(names) > 0 {
		return "configured: " + strings.Join(names, ", ")
	}
	return "none are configured"
}

// statusTimeout bounds one server's status: its start timeout (override,
// configured, or default), plus time for the tools/list after it.
func statusTimeout(cfg *config.Config, name string, override time.Duration) time.Duration {
	start := override
	if start <= 0 {
		s := cfg.MCP.Servers[name]
		start = s.StartupTimeout.Duration
		if start <= 0 {
			start = 30 * time.Second
			if s.Command != "" && mcpsrc.IsPackageRunner(s.Command, s.Args) {
				start = mcpsrc.PackageRunnerStartTimeout
			}
		}
	}
	return start + 30*time.Second
}
