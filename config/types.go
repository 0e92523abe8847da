package config

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/zalando/go-keyring"
)

const (
	second = time.Second
	minute = time.Minute
)

// enumText checks s against the allowed values and names them all in the
// error, so a typo is fixed without opening the docs.
func enumText(s string, allowed ...string) error {
	for _, a := range allowed {
		if s == a {
			return nil
		}
	}
	quoted := make([]string, len(allowed))
	for i, a := range allowed {
		quoted[i] = strconv.Quote(a)
	}
	msg := fmt.Sprintf("invalid value %q: want one of %s", s, strings.Join(quoted, ", "))
	if near := closest(s, allowed); near != "" {
		msg += fmt.Sprintf(` (did you mean %q?)`, near)
	}
	return errors.New(msg)
}

// Backend names where snippets run.
type Backend string

// The code backends.
const (
	BackendEmbedded    Backend = "embedded"
	BackendLocalUnsafe Backend = "local_unsafe"
	BackendPyodideDeno Backend = "pyodide-deno"
)

// backends lists the valid Backend values, in the order errors name them.
var backends = []string{string(BackendEmbedded), string(BackendLocalUnsafe), string(BackendPyodideDeno)}

// check accepts only the known backends; strict decoding calls it for
// every value in the file.
func (b Backend) check() error { return enumText(string(b), backends...) }

// Isolation says where the embedded backend runs snippets.
type Isolation string

// The isolation modes; the empty value lets the command choose (process
// for serve mcp, none for a one-shot run).
const (
	// IsolationProcess runs snippets in sandbox worker processes: a
	// failure of the interpreter costs one run, never the server.
	IsolationProcess Isolation = "process"
	// IsolationNone runs snippets in the toolplane process itself.
	IsolationNone Isolation = "none"
)

// check accepts "process" or "none".
func (i Isolation) check() error {
	return enumText(string(i), string(IsolationProcess), string(IsolationNone))
}

// Values of a stdio MCP server's isolation (MCPServer.Isolation).
const (
	// ServerIsolationLandlock, the default, starts the server in a
	// Landlock domain of its own.
	ServerIsolationLandlock = "landlock"
	// ServerIsolationNone starts it as any process of the user.
	ServerIsolationNone = "none"
)

// CLIMode is the policy for CLI binaries.
type CLIMode string

// The CLI policies.
const (
	CLIDisabled  CLIMode = "disabled"  // no binaries at all
	CLIAllowlist CLIMode = "allowlist" // exactly cli.allow
	CLIAmbient   CLIMode = "ambient"   // anything on PATH; needs --unsafe
)

var cliModes = []string{string(CLIDisabled), string(CLIAllowlist), string(CLIAmbient)}

// ParseCLIMode validates a mode given on the command line.
func ParseCLIMode(s string) (CLIMode, error) {
	m := CLIMode(s)
	return m, m.check()
}

// check accepts only the known modes; strict decoding calls it for
// every value in the file.
func (m CLIMode) check() error { return enumText(string(m), cliModes...) }

// Transport is how an upstream MCP server is reached.
type Transport string

// The MCP transports.
const (
	TransportStdio Transport = "stdio"
	TransportHTTP  Transport = "http" // Streamable HTTP
	TransportSSE   Transport = "sse"  // the older HTTP+SSE transport
)

// check accepts only the known transports; strict decoding calls it for
// every value in the file.
func (t Transport) check() error {
	return enumText(string(t), string(TransportStdio), string(TransportHTTP), string(TransportSSE))
}

// Auth is how toolplane authenticates to a URL server beyond static
// headers: "oauth" (a login stored by `toolplane mcp login`, refreshed as
// it expires), "none", or a secret reference to a static bearer token,
// sent as Authorization: Bearer to the server's origin only.
type Auth string

// The auth kinds; the empty value means none.
const (
	AuthNone  Auth = "none"
	AuthOAuth Auth = "oauth"
)

// check accepts "oauth", "none", or a secret reference (env://VAR,
// keyring://name) to a static bearer token. A literal token is refused:
// secrets in the config are references.
func (a Auth) check() error {
	if s := Secret(a); s.IsRef() {
		return s.check()
	}
	if a == AuthOAuth || a == AuthNone {
		return nil
	}
	// The value is not echoed: it may be a token pasted in by mistake.
	msg := `want "oauth", "none", or a reference to a static bearer token (env://VAR or keyring://NAME); a literal token does not belong in the config (the value is not shown)`
	if near := closest(string(a), []string{string(AuthOAuth), string(AuthNone)}); near != "" {
		msg += fmt.Sprintf(` (did you mean %q?)`, near)
	}
	return errors.New(msg)
}

// Bearer is the secret reference of a static bearer token (auth =
// "env://VAR" or "keyring://name"), and whether there is one.
func (a Auth) Bearer() (Secret, bool) {
	s := Secret(a)
	return s, s.IsRef()
}

// Startup says when a stdio server is started.
type Startup string

// The startup policies; the empty value means lazy.
const (
	StartupLazy  Startup = "lazy"
	StartupEager Startup = "eager"
)

// check accepts "lazy" or "eager".
func (s Startup) check() error { return enumText(string(s), string(StartupLazy), string(StartupEager)) }

// LogLevel is the minimum level of toolplane's diagnostics.
type LogLevel string

// The log levels.
const (
	LogDebug LogLevel = "debug"
	LogInfo  LogLevel = "info"
	LogWarn  LogLevel = "warn"
	LogError LogLevel = "error"
)

// check accepts the known levels.
func (l LogLevel) check() error {
	return enumText(string(l), string(LogDebug), string(LogInfo), string(LogWarn), string(LogError))
}

// LogFormat is the encoding of toolplane's diagnostics.
type LogFormat string

// The log formats.
const (
	LogText LogFormat = "text"
	LogJSON LogFormat = "json"
)

// check accepts "text" or "json".
func (f LogFormat) check() error { return enumText(string(f), string(LogText), string(LogJSON)) }

// Duration is a time.Duration written as a string with a unit ("30s",
// "5m"). It is a struct, not a named int64, so that a bare integer in the
// file is an error instead of silently meaning nanoseconds.
type Duration struct {
	time.Duration
}

// UnmarshalText parses a Go duration string and rejects negative values.
func (d *Duration) UnmarshalText(text []byte) error {
	s := string(text)
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return fmt.Errorf("duration %s has no unit: write it as a string like \"%ss\"", s, s)
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("invalid duration %q: want a string like \"30s\", \"5m\" or \"1h30m\"", s)
	}
	if v < 0 {
		return fmt.Errorf("invalid duration %q: must not be negative", s)
	}
	d.Duration = v
	return nil
}

// MarshalText writes the duration back in Go's notation.
func (d Duration) MarshalText() ([]byte, error) {
	return []byte(d.Duration.String()), nil
}

// ByteSize is a number of bytes, written as an integer or as a string with a
// binary or decimal unit ("8MiB", "512 KB").
type ByteSize int64

// Byte size units.
const (
	KiB ByteSize = 1 << 10
	MiB ByteSize = 1 << 20
	GiB ByteSize = 1 << 30
)

var sizeUnits = []struct {
	suffix string
	mult   ByteSize
}{
	// Longest suffixes first so "MiB" is not read as "B".
	{"KiB", KiB}, {"MiB", MiB}, {"GiB", GiB},
	{"KB", 1000}, {"MB", 1000 * 1000}, {"GB", 1000 * 1000 * 1000},
	{"B", 1},
}

// UnmarshalText parses "8MiB", "512 KB", "1024" or "1024B". Integers in the
// file do not come here: the decoder stores them directly.
func (b *ByteSize) UnmarshalText(text []byte) error {
	s := strings.TrimSpace(string(text))
	mult := ByteSize(1)
	for _, u := range sizeUnits {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return fmt.Errorf("invalid size %q: want an integer number of bytes or a string like \"8MiB\"", string(text))
	}
	*b = ByteSize(n) * mult
	return nil
}

// String renders the size with the largest exact binary unit.
func (b ByteSize) String() string {
	switch {
	case b != 0 && b%GiB == 0:
		return fmt.Sprintf("%dGiB", b/GiB)
	case b != 0 && b%MiB == 0:
		return fmt.Sprintf("%dMiB", b/MiB)
	case b != 0 && b%KiB == 0:
		return fmt.Sprintf("%dKiB", b/KiB)
	}
	return fmt.Sprintf("%dB", int64(b))
}

// Secret is a configured value that is either a literal or a reference to a
// secret kept elsewhere: "env://VAR" (an environment variable of toolplane)
// or "keyring://name" (the OS keyring, service "toolplane"). Our own tools
// only ever write references.
type Secret string

// Secret reference schemes.
const (
	SchemeEnv     = "env"
	SchemeKeyring = "keyring"
)

// KeyringService is the OS keyring service under which keyring:// names live.
const KeyringService = "toolplane"

// Ref splits a reference into scheme and name; ok is false for a literal.
func (s Secret) Ref() (scheme, name string, ok bool) {
	for _, sc := range []string{SchemeEnv, SchemeKeyring} {
		if rest, found := strings.CutPrefix(string(s), sc+"://"); found {
			return sc, rest, true
		}
	}
	return "", "", false
}

// IsRef reports whether s is a reference rather than a literal.
func (s Secret) IsRef() bool {
	_, _, ok := s.Ref()
	return ok
}

// String shows a reference as written and hides a literal, so a Secret can
// be printed in summaries and logs.
func (s Secret) String() string {
	if s.IsRef() || s == "" {
		return string(s)
	}
	return "(literal, hidden)"
}

// check rejects malformed references; anything that is not a reference is
// a literal.
func (s Secret) check() error {
	if scheme, name, ok := s.Ref(); ok {
		return validSecretName(scheme, name)
	}
	return nil
}

func validSecretName(scheme, name string) error {
	if name == "" {
		return fmt.Errorf("secret reference %s:// names nothing: write %s://NAME", scheme, scheme)
	}
	for _, r := range name {
		ok := r == '_' || r == '-' || r == '.' || r == '/' || unicode.IsLetter(r) || unicode.IsDigit(r)
		if scheme == SchemeEnv {
			ok = r == '_' || (r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)))
		}
		if !ok {
			return fmt.Errorf("secret reference %s://%s: %q is not allowed in a %s name", scheme, name, r, scheme)
		}
	}
	return nil
}

// keyringTimeout bounds a keyring lookup: a locked keyring may prompt or
// hang, and a config value must never hang a run.
const keyringTimeout = 5 * time.Second

// Resolve returns the secret's value: the literal itself, the environment
// variable, or the keyring entry. A missing variable or entry is an error
// naming the reference and how to set it.
func (s Secret) Resolve(ctx context.Context) (string, error) {
	scheme, name, ok := s.Ref()
	if !ok {
		return string(s), nil
	}
	switch scheme {
	case SchemeEnv:
		v, found := os.LookupEnv(name)
		if !found {
			return "", fmt.Errorf("secret %s: environment variable %s is not set", s, name)
		}
		return v, nil
	default:
		ctx, cancel := context.WithTimeout(ctx, keyringTimeout)
		defer cancel()
		type answer struct {
			v   string
			err error
		}
		ch := make(chan answer, 1)
		go func() {
			v, err := keyring.Get(KeyringService, name)
			ch <- answer{v, err}
		}()
		select {
		case a := <-ch:
			if a.err != nil {
				return "", fmt.Errorf("secret %s: keyring lookup failed (store it with `toolplane secret set %s`): %w", s, name, a.err)
			}
			return a.v, nil
		case <-ctx.Done():
			return "", fmt.Errorf("secret %s: keyring lookup: %w", s, ctx.Err())
		}
	}
}
