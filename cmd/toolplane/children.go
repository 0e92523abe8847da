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

// doctorChildren reports whether the children cfg starts are kept apart
// from each other and from toolplane (internal/isolate).
func doctorChildren(r *doctorReport, cfg *config.Config) {
	who := childProcesses(cfg)
	if who == "" {
		return
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
