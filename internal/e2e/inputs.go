package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
)

// HostileInput is one hostile tools/call of a meta-tool: arguments a
// client can send that a careless handler would misread (overflowing
// numbers, wrong JSON types, huge strings and lists).
type HostileInput struct {
	// Name describes the attack.
	Name string
	// Tool is the meta-tool called.
	Tool string
	// Args are the raw JSON arguments.
	Args json.RawMessage
	// Refused says the call must fail (a tool error or a protocol error);
	// false means it may fail or succeed but must answer sanely.
	Refused bool
	// Want, if set, is a phrase the refusal must contain.
	Want string
	// Drops says the MCP SDK may refuse the message by closing the
	// connection (JSON nested deeper than it decodes): the client that
	// sent it loses its own connection, nobody else's.
	Drops bool
}

// MaxErrorBytes bounds the error text a refusal may carry: an error must
// not echo a huge argument back.
const MaxErrorBytes = 4 << 10

// HostileInputs are the attacks on every meta-tool's arguments, shared by
// the server's unit test and the end-to-end suite.
func HostileInputs() []HostileInput {
	big := strings.Repeat("x", 2<<20)
	many := func(n int, v string) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = v
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	deep := strings.Repeat("[", 9000) + strings.Repeat("]", 9000)
	code := func(extra string) json.RawMessage {
		return json.RawMessage(`{"code":"return 1"` + extra + `}`)
	}
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	in := []HostileInput{
		// execute_code: timeouts.
		{Name: "timeout 1e308 (overflows a Duration)", Tool: "execute_code", Args: code(`,"timeout":1e308`), Refused: true, Want: "exceeds the maximum"},
		{Name: "timeout -1e308", Tool: "execute_code", Args: code(`,"timeout":-1e308`), Refused: true, Want: "positive number"},
		{Name: "timeout max int64 ns in seconds", Tool: "execute_code", Args: code(`,"timeout":9223372036.854775807`), Refused: true, Want: "exceeds the maximum"},
		{Name: "timeout 2^63 seconds", Tool: "execute_code", Args: code(`,"timeout":9223372036854775808`), Refused: true, Want: "exceeds the maximum"},
		{Name: "timeout negative", Tool: "execute_code", Args: code(`,"timeout":-1`), Refused: true, Want: "positive number"},
		{Name: "timeout below a nanosecond", Tool: "execute_code", Args: code(`,"timeout":1e-300`), Refused: true, Want: "minimum"},
		{Name: "timeout denormal", Tool: "execute_code", Args: code(`,"timeout":5e-324`), Refused: true, Want: "minimum"},
		{Name: "timeout beyond float64", Tool: "execute_code", Args: code(`,"timeout":1e400`), Refused: true},
		{Name: "timeout string", Tool: "execute_code", Args: code(`,"timeout":"1"`), Refused: true},
		{Name: "timeout bool", Tool: "execute_code", Args: code(`,"timeout":true`), Refused: true},
		{Name: "timeout list", Tool: "execute_code", Args: code(`,"timeout":[1]`), Refused: true},
		{Name: "timeout object", Tool: "execute_code", Args: code(`,"timeout":{"s":1}`), Refused: true},
		{Name: "timeout NaN as a string", Tool: "execute_code", Args: code(`,"timeout":"NaN"`), Refused: true},
		{Name: "timeout null", Tool: "execute_code", Args: code(`,"timeout":null`)},
		// execute_code: code and backend.
		{Name: "code missing", Tool: "execute_code", Args: json.RawMessage(`{}`), Refused: true},
		{Name: "code number", Tool: "execute_code", Args: json.RawMessage(`{"code":1}`), Refused: true},
		{Name: "code null", Tool: "execute_code", Args: json.RawMessage(`{"code":null}`), Refused: true},
		{Name: "code list", Tool: "execute_code", Args: json.RawMessage(`{"code":["return 1"]}`), Refused: true},
		{Name: "code list of 2 MiB (echoed by validation)", Tool: "execute_code", Args: json.RawMessage(`{"code":[` + q(big) + `]}`), Refused: true},
		{Name: "code 2 MiB", Tool: "execute_code", Args: json.RawMessage(`{"code":` + q("#"+big) + `}`), Refused: true, Want: "maximum"},
		{Name: "code NUL bytes", Tool: "execute_code", Args: json.RawMessage(`{"code":"return 1\u0000\u0000"}`)},
		{Name: "code lone surrogate", Tool: "execute_code", Args: json.RawMessage(`{"code":"return '\ud800'"}`)},
		{Name: "backend number", Tool: "execute_code", Args: code(`,"backend":7`), Refused: true},
		{Name: "backend huge", Tool: "execute_code", Args: code(`,"backend":` + q(big)), Refused: true},
		{Name: "backend path", Tool: "execute_code", Args: code(`,"backend":"../../../bin/sh"`), Refused: true},
		{Name: "backend NUL", Tool: "execute_code", Args: code(`,"backend":"embedded\u0000"`), Refused: true},
		{Name: "unknown argument", Tool: "execute_code", Args: code(`,"__proto__":{"timeout":1e308}`)},
		{Name: "arguments a list", Tool: "execute_code", Args: json.RawMessage(`["return 1"]`), Refused: true},
		{Name: "arguments a string", Tool: "execute_code", Args: json.RawMessage(`"return 1"`), Refused: true},
		{Name: "arguments a number", Tool: "execute_code", Args: json.RawMessage(`1e308`), Refused: true},
		{Name: "arguments nested 9000 deep", Tool: "execute_code", Args: code(`,"x":` + deep), Refused: true, Drops: true},
		// search_capabilities.
		{Name: "limit 1e308", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","limit":1e308}`), Refused: true},
		{Name: "limit 2^63", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","limit":9223372036854775808}`), Refused: true},
		{Name: "limit max int64", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","limit":9223372036854775807}`), Refused: true, Want: "limit"},
		{Name: "limit a million", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","limit":1000000}`), Refused: true, Want: "limit"},
		{Name: "limit negative", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","limit":-1}`), Refused: true, Want: "limit"},
		{Name: "limit min int64", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","limit":-9223372036854775808}`), Refused: true, Want: "limit"},
		{Name: "limit fraction", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","limit":1.5}`), Refused: true},
		{Name: "limit string", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","limit":"10"}`), Refused: true},
		{Name: "query number", Tool: "search_capabilities", Args: json.RawMessage(`{"query":1}`), Refused: true},
		{Name: "query 2 MiB", Tool: "search_capabilities", Args: json.RawMessage(`{"query":` + q(big) + `}`), Refused: true, Want: "maximum"},
		{Name: "tags 10000", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","tags":` + many(10000, `"a=b"`) + `}`), Refused: true, Want: "tags"},
		{Name: "tag 2 MiB", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","tags":[` + q("k="+big) + `]}`), Refused: true},
		{Name: "tags numbers", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","tags":[1,2]}`), Refused: true},
		{Name: "tags a string", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","tags":"a=b"}`), Refused: true},
		{Name: "tag selector syntax", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","tags":["!source","source in (a,b)","=","=="]}`)},
		{Name: "detail unknown", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","detail":"FULL"}`), Refused: true, Want: "detail"},
		{Name: "detail 2 MiB", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","detail":` + q(big) + `}`), Refused: true, Want: "detail"},
		{Name: "detail number", Tool: "search_capabilities", Args: json.RawMessage(`{"query":"x","detail":2}`), Refused: true},
		// get_capability_schemas.
		{Name: "names 10000", Tool: "get_capability_schemas", Args: json.RawMessage(`{"names":` + many(10000, `"up.echo"`) + `}`), Refused: true, Want: "names"},
		{Name: "name 2 MiB", Tool: "get_capability_schemas", Args: json.RawMessage(`{"names":[` + q(big) + `]}`), Refused: true, Want: "name"},
		{Name: "names a string", Tool: "get_capability_schemas", Args: json.RawMessage(`{"names":"up.echo"}`), Refused: true},
		{Name: "names null", Tool: "get_capability_schemas", Args: json.RawMessage(`{"names":null}`), Refused: true},
		{Name: "names with null", Tool: "get_capability_schemas", Args: json.RawMessage(`{"names":[null]}`), Refused: true},
		{Name: "names empty", Tool: "get_capability_schemas", Args: json.RawMessage(`{"names":[]}`), Refused: true},
		{Name: "names empty string", Tool: "get_capability_schemas", Args: json.RawMessage(`{"names":[""]}`), Refused: true},
		{Name: "names nested", Tool: "get_capability_schemas", Args: json.RawMessage(`{"names":[["up.echo"]]}`), Refused: true},
		{Name: "schemas detail 2 MiB", Tool: "get_capability_schemas", Args: json.RawMessage(`{"names":["up.echo"],"detail":` + q(big) + `}`), Refused: true, Want: "detail"},
	}
	for i := range in {
		if !json.Valid(in[i].Args) {
			panic(fmt.Sprintf("hostile input %q is not valid JSON", in[i].Name))
		}
	}
	return in
}
