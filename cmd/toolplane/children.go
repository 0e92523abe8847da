package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/internal/isolate"
)

// childProcesses names what in cfg makes toolplane start processes for
// third parties (stdio MCP servers, CLI binaries); empty when nothing does.
func childProcesses(cfg *config.Config) string {
	var what []string
	for _, name := range cfg.ServerNames() {
		if cfg.MCP.Servers[name].EffectiveTransport() == config.TransportStdio {
			what = append(what, "stdio server "+name)
		}
	}
	if cfg.CLI.Mode != "" && cfg.CLI.Mode != config.CLIDisabled {
		what = append(what, fmt.Sprintf("cli (%s)", cfg.CLI.Mode))
	}
	return strings.Join(what, ", ")
}

// sharedServers names the stdio servers of cfg configured with isolation
// = "none".
func sharedServers(cfg *config.Config) []string {
	var out []string
	for _, name := range cfg.ServerNames() {
		s := cfg.MCP.Servers[name]
		if s.EffectiveTransport() == config.TransportStdio && s.Isolation == config.ServerIsolationNone {
			out = append(out, name)
		}
	}
	return out
}

// sharedText says what isolation = "none" gives up for server name.
func sharedText(cfg *config.Config, name string) string {
	return fmt.Sprintf("%s: mcp.servers.%s.isolation = \"none\": this server and every other process of your user can read each other's environment (secrets) and memory and signal each other", serveConfigName(cfg), name)
}

// doctorChildren reports whether the children cfg starts are kept apart
// from each other and from toolplane (internal/isolate).
func doctorChildren(r *doctorReport, cfg *config.Config) {
	who := childProcesses(cfg)
	if who == "" {
		return
	}
	for _, name := range sharedServers(cfg) {
		r.add(checkWarn, "children: "+sharedText(cfg, name), "remove the setting unless the server needs a setuid helper")
	}
	ok, detail := isolate.Check()
	if ok {
		r.add(checkOK, "children: "+detail, "")
		return
	}
	r.add(checkWarn, fmt.Sprintf("children (%s): %s", who, detail), "")
}

// warnChildrenTogether warns once at start when the children cfg starts
// are not kept apart on this host, so whoever runs serve reads it.
func warnChildrenTogether(w io.Writer, cfg *config.Config) {
	who := childProcesses(cfg)
	if who == "" {
		return
	}
	for _, name := range sharedServers(cfg) {
		fmt.Fprintf(w, "toolplane: warning: %s\n", sharedText(cfg, name))
	}
	if ok, detail := isolate.Check(); !ok {
		fmt.Fprintf(w, "toolplane: warning: %s: the processes it starts for third parties (%s) are not kept apart: %s\n", serveConfigName(cfg), who, detail)
	}
}

// doctorExposedSecrets warns of each literal secret in a config file other
// users can read.
func doctorExposedSecrets(r *doctorReport, cfg *config.Config) {
	for _, e := range cfg.ExposedSecrets() {
		r.add(checkWarn, "config: "+e.Error(), "")
	}
}

// warnExposedSecrets is doctorExposedSecrets at serve's start.
func warnExposedSecrets(w io.Writer, cfg *config.Config) {
	for _, e := range cfg.ExposedSecrets() {
		fmt.Fprintf(w, "toolplane: warning: %s\n", e.Error())
	}
}
