// Package childenv builds the environment of the processes toolplane starts
// for third parties: allowlisted CLI binaries and stdio MCP servers. Both
// get the same minimal environment, so there is one answer to "what of
// toolplane's environment does a child see".
//
// toolplane's own environment holds what children must not see: the
// bearer secrets of [http.tokens.*] (env://), other servers' credentials,
// cloud keys (AWS_SECRET_ACCESS_KEY), and the sockets that unlock more
// (SSH_AUTH_SOCK reaches the SSH agent, DBUS_SESSION_BUS_ADDRESS and
// XDG_RUNTIME_DIR reach the keyring that holds toolplane's secrets). A
// child therefore starts from nothing and gets:
//
//   - the Base variables the host has: where programs are (PATH), whose
//     they are (HOME, USER, LOGNAME), locale and time zone (LANG, LC_*,
//     TZ), and the temporary directory (TMPDIR); on Windows the variables
//     programs cannot start without (SystemRoot, ComSpec, PATHEXT, ...);
//   - the variables the configuration passes by name (pass_env);
//   - the variables the configuration sets (env), which win.
package childenv

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
)

// Base returns the names of the host variables every child gets when the
// host has them. Locale variables (LC_ALL, LC_CTYPE, ...) are passed too,
// by their LC_ prefix.
func Base() []string {
	if runtime.GOOS == "windows" {
		return []string{
			"PATH", "PATHEXT", "SystemRoot", "SystemDrive", "windir", "ComSpec",
			"TEMP", "TMP", "USERPROFILE", "USERNAME", "HOMEDRIVE", "HOMEPATH",
			"APPDATA", "LOCALAPPDATA", "ProgramData", "ProgramFiles", "ProgramFiles(x86)",
			"NUMBER_OF_PROCESSORS", "PROCESSOR_ARCHITECTURE", "LANG", "TZ",
		}
	}
	return []string{"PATH", "HOME", "USER", "LOGNAME", "LANG", "TZ", "TMPDIR"}
}

// isLocale reports whether name is a locale variable (LC_ALL, LC_CTYPE, ...).
func isLocale(name string) bool {
	return strings.HasPrefix(name, "LC_") && len(name) > len("LC_")
}

// Build returns the environment of a child as NAME=value entries sorted by
// name: the Base and locale variables of host, then the pass names host
// has, then set, which wins. host is the parent's environment as
// os.Environ returns it.
func Build(host []string, pass []string, set map[string]string) []string {
	hostVars := map[string]string{}
	for _, kv := range host {
		if k, v, ok := strings.Cut(kv, "="); ok && k != "" {
			hostVars[k] = v
		}
	}
	env := map[string]string{}
	for k, v := range hostVars {
		if isLocale(k) {
			env[k] = v
		}
	}
	for _, k := range append(Base(), pass...) {
		if v, ok := lookup(hostVars, k); ok {
			env[k] = v
		}
	}
	for k, v := range set {
		env[k] = v
	}
	names := make([]string, 0, len(env))
	for k := range env {
		names = append(names, k)
	}
	slices.Sort(names)
	out := make([]string, len(names))
	for i, k := range names {
		out[i] = k + "=" + env[k]
	}
	return out
}

// lookup finds name in vars; on Windows names are case-insensitive, as the
// system treats them.
func lookup(vars map[string]string, name string) (string, bool) {
	if v, ok := vars[name]; ok {
		return v, true
	}
	if runtime.GOOS == "windows" {
		for k, v := range vars {
			if strings.EqualFold(k, name) {
				return v, true
			}
		}
	}
	return "", false
}

// CheckName rejects what cannot be an environment variable name: empty,
// or containing '=' or NUL.
func CheckName(name string) error {
	if name == "" || strings.ContainsAny(name, "=\x00") {
		return fmt.Errorf("invalid variable name %q", name)
	}
	return nil
}

// Names returns the names of env (NAME=value entries), for messages that
// must not show values.
func Names(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		out = append(out, k)
	}
	return out
}
