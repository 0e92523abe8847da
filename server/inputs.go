package server

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Bounds of the meta-tools' arguments. Every argument a client sends is
// checked against them before anything runs: a number is finite and in
// range (a float is never multiplied into a Duration before that, so it
// cannot overflow), a string or list is short enough that echoing or
// searching it costs little, and an error quotes at most a prefix of it.
const (
	// DefaultMaxCodeBytes bounds the source of one execute_code run
	// (Options.MaxCodeBytes).
	DefaultMaxCodeBytes = 1 << 20
	// MinTimeout is the shortest run execute_code accepts.
	MinTimeout = time.Millisecond
	// MaxSearchLimit is the most matches search_capabilities returns.
	MaxSearchLimit = 200
	// MaxQueryBytes bounds search_capabilities' query.
	MaxQueryBytes = 1 << 10
	// MaxTags bounds search_capabilities' tags, MaxTagBytes each one.
	MaxTags     = 32
	MaxTagBytes = 256
	// MaxNames bounds get_capability_schemas' names, MaxNameBytes each one.
	MaxNames     = 100
	MaxNameBytes = 256
	// maxBackendBytes bounds execute_code's backend name.
	maxBackendBytes = 64
	// maxQuoted is how much of a refused string an error repeats.
	maxQuoted = 64
)

// quoteShort quotes at most maxQuoted bytes of s (on a rune boundary), so
// an error about a huge or hostile string stays short.
func quoteShort(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + fmt.Sprintf("... (%d bytes)", len(s))
}

// parseTimeout turns execute_code's timeout (seconds; 0 means def) into a
// Duration within [MinTimeout, max], refusing NaN, infinities, negative
// numbers and anything the Duration cannot hold before converting.
func parseTimeout(seconds float64, def, max time.Duration) (time.Duration, error) {
	switch {
	case seconds == 0:
		return def, nil
	case math.IsNaN(seconds) || math.IsInf(seconds, 0) || seconds < 0:
		return 0, fmt.Errorf("timeout %v: want a positive number of seconds (at most %g)", seconds, max.Seconds())
	case seconds > max.Seconds():
		return 0, fmt.Errorf("timeout %gs exceeds the maximum of %s; split the work into several runs (sessions keep globals between them)", seconds, max)
	case seconds < MinTimeout.Seconds():
		return 0, fmt.Errorf("timeout %gs is below the minimum of %s", seconds, MinTimeout)
	}
	return time.Duration(seconds * float64(time.Second)), nil
}

// checkCode bounds execute_code's source.
func checkCode(code string, max int) error {
	if len(code) > max {
		return fmt.Errorf("code is %d bytes, more than the maximum of %d; send a shorter snippet (save large data with save_result, or fetch it through a capability)", len(code), max)
	}
	if !utf8.ValidString(code) {
		return fmt.Errorf("code is not valid UTF-8")
	}
	return nil
}

// checkBackend bounds execute_code's backend name; whether the backend
// exists is the engine's to say.
func checkBackend(name string) error {
	if len(name) > maxBackendBytes {
		return fmt.Errorf("backend %s: not a backend name", quoteShort(name))
	}
	return nil
}

// checkSearch bounds search_capabilities' arguments.
func checkSearch(in SearchInput) error {
	switch {
	case in.Limit < 0 || in.Limit > MaxSearchLimit:
		return fmt.Errorf("limit %d: want 1 to %d (default 10)", in.Limit, MaxSearchLimit)
	case len(in.Query) > MaxQueryBytes:
		return fmt.Errorf("query is %d bytes, more than the maximum of %d; describe the task in a few words", len(in.Query), MaxQueryBytes)
	case len(in.Tags) > MaxTags:
		return fmt.Errorf("%d tags, more than the maximum of %d", len(in.Tags), MaxTags)
	}
	for _, tag := range in.Tags {
		if len(tag) > MaxTagBytes {
			return fmt.Errorf("tag %s is longer than %d bytes", quoteShort(tag), MaxTagBytes)
		}
	}
	return nil
}

// checkNames bounds get_capability_schemas' names.
func checkNames(names []string) error {
	if len(names) > MaxNames {
		return fmt.Errorf("%d names, more than the maximum of %d; ask for fewer at a time", len(names), MaxNames)
	}
	for _, n := range names {
		if len(n) > MaxNameBytes {
			return fmt.Errorf("name %s is longer than %d bytes; no capability has such a name", quoteShort(n), MaxNameBytes)
		}
	}
	return nil
}

// maxArgumentErrorBytes bounds the MCP SDK's argument validation errors,
// which quote the offending value: a client sending a 2 MiB list where a
// string belongs would get 2 MiB echoed back.
const maxArgumentErrorBytes = 1 << 10

// boundArgumentErrors shortens the SDK's "validating \"arguments\""
// tool errors to maxArgumentErrorBytes.
func (s *Server) boundArgumentErrors() {
	s.mcp.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			if method != "tools/call" {
				return res, err
			}
			if err != nil {
				if msg := err.Error(); len(msg) > maxArgumentErrorBytes {
					return nil, fmt.Errorf("%s... (%d bytes of error cut)", msg[:maxArgumentErrorBytes], len(msg)-maxArgumentErrorBytes)
				}
				return res, err
			}
			cr, ok := res.(*mcp.CallToolResult)
			if !ok || !cr.IsError {
				return res, err
			}
			for _, c := range cr.Content {
				if tc, ok := c.(*mcp.TextContent); ok && len(tc.Text) > maxArgumentErrorBytes && strings.HasPrefix(tc.Text, `validating "arguments"`) {
					cut := maxArgumentErrorBytes
					for cut > 0 && !utf8.RuneStart(tc.Text[cut]) {
						cut--
					}
					tc.Text = tc.Text[:cut] + fmt.Sprintf("... (%d bytes of error cut: the argument has the wrong type)", len(tc.Text)-cut)
				}
			}
			return res, err
		}
	})
}
