package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/toolplane/toolplane/config"
)

// This file is the "trust posture" section of `toolplane doctor`: what a
// hostile snippet, token, config file or upstream server could reach under
// the config. Each area is one small function, so each concern (secrets,
// upstream environments, CLI argument policies, escalation approvers,
// isolation) is stated and changed in one place.

// trustEnv is what a trust area reads: the config, the secret stores, and
// the way the config file was found.
type trustEnv struct {
	cfg    *config.Config
	stores serveStores
	// origin says how the config file was chosen ("--config", ...).
	origin string
}

// trustArea adds the lines of one concern to the report.
type trustArea func(ctx context.Context, r *doctorReport, env trustEnv)

// trustAreas are the areas of the section, in the order printed.
func trustAreas() []trustArea {
	return []trustArea{
		trustConfigSource,
		trustSecretStorage,
		trustUpstreamEnvironment,
		trustCLIArguments,
		trustEscalation,
		trustIsolation,
	}
}

// doctorTrust appends the trust posture section.
func doctorTrust(ctx context.Context, r *doctorReport, env trustEnv) {
	r.section("trust posture")
	for _, area := range trustAreas() {
		area(ctx, r, env)
	}
}

// trustConfigSource says which file is in charge and why it is trusted.
func trustConfigSource(_ context.Context, r *doctorReport, env trustEnv) {
	if env.cfg.Path == "" {
		r.add(checkOK, "config: none (the safe defaults)", "")
		return
	}
	r.add(checkOK, fmt.Sprintf("config: %s, trusted because %s", env.cfg.Path, env.origin), "")
}

// trustSecretStorage says where keyring:// values and OAuth logins are
// kept and whether they are encrypted at rest.
func trustSecretStorage(ctx context.Context, r *doctorReport, env trustEnv) {
	for _, st := range []struct {
		what  string
		store interface{ Where() string }
	}{{"secrets", env.stores.secrets}, {"oauth logins", env.stores.oauth}} {
		r.add(checkOK, fmt.Sprintf("%s: %s", st.what, st.store.Where()), "")
	}
}

// trustUpstreamEnvironment lists, per stdio MCP server, the names of the
// environment variables it is started with (never their values).
func trustUpstreamEnvironment(_ context.Context, r *doctorReport, env trustEnv) {
	for _, name := range env.cfg.ServerNames() {
		s := env.cfg.MCP.Servers[name]
		if s.Command == "" {
			continue
		}
		declared := sortedSecretKeys(s.Env)
		line := fmt.Sprintf("mcp %s: starts with toolplane's whole environment (%d variables)", name, len(os.Environ()))
		if len(declared) > 0 {
			line += " plus " + strings.Join(declared, ", ")
		}
		r.add(checkWarn, line, "")
	}
}

// trustCLIArguments says what bounds the arguments of allowlisted binaries.
func trustCLIArguments(_ context.Context, r *doctorReport, env trustEnv) {
	if env.cfg.CLI.Mode != config.CLIAllowlist {
		return
	}
	r.add(checkOK, fmt.Sprintf("cli: %d allowlisted binary(ies)", len(env.cfg.CLI.Allow)), "")
}

// trustEscalation says who may approve running a binary outside the
// allowlist.
func trustEscalation(_ context.Context, r *doctorReport, env trustEnv) {
	if !env.cfg.CLI.Escalate {
		return
	}
	r.add(checkOK, "escalation: on; the MCP client's user approves each binary", "")
}

// trustIsolation says how snippets are kept from the host.
func trustIsolation(_ context.Context, r *doctorReport, env trustEnv) {
	r.add(checkOK, "snippets: backend "+string(env.cfg.Toolplane.DefaultBackend), "")
}
