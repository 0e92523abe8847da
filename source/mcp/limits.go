package mcp

import (
	"errors"
	"fmt"
	"time"
)

// Limits bound what one upstream server can make toolplane hold, wait for
// or show. An upstream server is a third party (see DESIGN.md, "Trust
// model"): whatever it sends, it costs at most its own calls failing, never
// the toolplane process, another server or another client's session. The
// zero value of each field takes its default.
type Limits struct {
	// MaxResultBytes is the largest result, error or page of tools one
	// message may carry ([mcp] max_result_bytes). A larger result fails the
	// call; a message too large to read at all ends the connection. Default
	// 16 MiB.
	MaxResultBytes int
	// MaxTools is how many tools one server may list ([mcp] max_tools); a
	// server listing more is unavailable until the limit is raised. Default
	// 1000.
	MaxTools int
	// CallTimeout bounds every call of a server whose spec sets no Timeout
	// ([mcp] call_timeout). Default 5 minutes.
	CallTimeout time.Duration
	// ListTimeout bounds every tools/list (all its pages). Default 30s.
	ListTimeout time.Duration
}

// Fixed bounds that are not configuration: they are far beyond what a
// well-behaved server sends and only stop abuse.
const (
	// maxResultDepth is how deeply a result's JSON may nest. The SDK
	// refuses messages nested beyond 1000 levels; conversion to snippet
	// values, repr, the result store and JSON encoding all recurse, so
	// results stay far shallower.
	maxResultDepth = 128
	// maxListingDepth is how deeply a tools/list answer may nest: the
	// SDK's own bound, less what it needs; each schema is then held to
	// maxSchemaDepth on its own, so one deep schema costs its tool only.
	maxListingDepth = 990
	// maxResultValues bounds the JSON values (elements, members, scalars)
	// of one result: decoding multiplies a compact value's size by ten to
	// fifty, so this, not the byte size, is what bounds memory.
	maxResultValues = 1 << 20
	// maxContentBlocks bounds the content blocks of one result; each costs
	// hundreds of bytes decoded.
	maxContentBlocks = 10_000
	// maxErrorMessageBytes cuts error messages from a server (a JSON-RPC
	// error, stderr quoted in an error) before they are kept or shown.
	maxErrorMessageBytes = 4 << 10
	// maxConcurrentCalls is how many calls may be in progress on one
	// server; more wait (within their timeout). With max_result_bytes it
	// bounds the memory one server's answers can take at once.
	maxConcurrentCalls = 8
	// maxCallsPerCaller is how many of those one caller (a token's
	// subject) may hold: half, so a token that fills its share with slow
	// calls leaves the other half to everyone else; with others holding
	// some, fewer (see callSlots).
	maxCallsPerCaller = maxConcurrentCalls / 2
	// maxToolErrorBytes cuts the text of a tool error (isError): it
	// becomes an exception message, not data.
	maxToolErrorBytes = 64 << 10
	// maxDescriptionBytes cuts a tool's description: descriptions go into
	// agents' context, where a 10 MB one is an attack, not documentation.
	maxDescriptionBytes = 8 << 10
	// maxSchemaBytes bounds each tool's input and output schema (compact
	// JSON); a tool with a larger one is left out of the catalog.
	maxSchemaBytes = 256 << 10
	// maxCatalogBytes bounds the descriptions and schemas toolplane keeps
	// of one server's tools.
	maxCatalogBytes = 32 << 20
	// maxSchemaDepth bounds how deeply a tool's schema nests; schema
	// rendering and argument validation walk it.
	maxSchemaDepth = 64
	// maxServerRequestRate and maxServerRequestBurst bound the requests a
	// server may send toolplane (ping, roots/list, sampling, elicitation):
	// beyond them requests are dropped unanswered, so a storm cannot queue
	// work in toolplane faster than it is done.
	maxServerRequestRate  = 10 // per second
	maxServerRequestBurst = 50
	// messageSlack is what a message may carry beyond its result: the
	// JSON-RPC envelope. A message larger than MaxResultBytes plus this
	// cannot be read and ends the connection.
	messageSlack = 64 << 10
	// listChangedInterval is the least time between two catalog refreshes
	// caused by tools/list_changed notifications; notifications in between
	// are folded into one refresh.
	listChangedInterval = time.Second
	// refreshBytesPerSecond and refreshCostFactor stretch that interval
	// for a large catalog (see refreshGap): a server's tools/list_changed
	// refreshes read at most about a MiB of kept catalog a second, and
	// take at most about a tenth of the time, on average.
	refreshBytesPerSecond = 1 << 20
	refreshCostFactor     = 10
	// maxRefreshGap is the longest refreshGap.
	maxRefreshGap = 30 * time.Second
	// restartBackoffMax is the longest wait between two starts of a server
	// that keeps failing (see server.backoff).
	restartBackoffMax = 30 * time.Second
	// minSSERetry is the shortest reconnection delay an HTTP server's
	// event stream may ask for ("retry:"); shorter ones are raised to it.
	minSSERetry = time.Second
	// stableAfter is how long a connection must live for its death not to
	// count as one more failure in a row.
	stableAfter = 30 * time.Second
)

func (l *Limits) setDefaults() {
	if l.MaxResultBytes <= 0 {
		l.MaxResultBytes = 16 << 20
	}
	if l.MaxTools <= 0 {
		l.MaxTools = 1000
	}
	if l.CallTimeout <= 0 {
		l.CallTimeout = 5 * time.Minute
	}
	if l.ListTimeout <= 0 {
		l.ListTimeout = 30 * time.Second
	}
}

// maxMessageBytes is the largest message read from a server at all.
func (l *Limits) maxMessageBytes() int { return l.MaxResultBytes + messageSlack }

// errMessageTooLarge ends a connection whose server sent a message that
// cannot be read within Limits.MaxResultBytes.
var errMessageTooLarge = errors.New("message too large")

// messageTooLargeError is errMessageTooLarge with the limit, for the stdio
// and HTTP readers to return.
func messageTooLargeError(limit int) error {
	return fmt.Errorf("%w: the server sent a message larger than %s, the limit of [mcp] max_result_bytes", errMessageTooLarge, byteSize(limit))
}

// byteSize renders n bytes for messages: "16 MiB", "512 KiB", "100 bytes".
func byteSize(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
