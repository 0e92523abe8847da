// Package security is toolplane's attack suite: end-to-end tests that
// attack the real binary (`toolplane serve mcp` over stdio and Streamable
// HTTP, built once per run by internal/e2e) the way an outside red team
// does, as a hostile snippet, a hostile token, a hostile config file or a
// hostile upstream server.
//
// One file per attack class:
//
//	depth_test.go        deep nesting in snippets (parser, compiler, VM)
//	memory_test.go       memory limits of snippets and builtins
//	time_test.go         time limits, step budgets, cancellation
//	escalation_test.go   privilege escalation and policy bypass
//	cli_test.go          CLI argument policies: allowed binaries made to run anything
//	enumeration_test.go  what a token can learn about what it may not call
//	secrets_test.go      secrets reaching snippets, upstreams or clients
//	http_test.go         the HTTP transport: slow clients, sizes, connections
//	sessions_test.go     session caps, isolation and eviction
//	inputs_test.go       hostile JSON arguments of the meta-tools
//	startup_test.go      hostile configs and files at start-up
//	config_test.go       hostile config files: shapes that explode, policies that lie
//	upstream_test.go     hostile upstream MCP servers (internal/hostilemcp)
//	oauth_test.go        hostile OAuth: login redirects, refreshes that hang or go elsewhere
//	build_test.go        the attacked binaries are built like the release (no cgo)
//	aliases_test.go      upstream tool names colliding with other capabilities' aliases
//	routing_test.go      owner routing: forwarding to non-peers, loops, metadata addresses
//	worker_test.go       a subverted sandbox worker attacking the host over the bridge
//
// Each attack is a TestAttack... function written from the attack's
// description; it fails if the attack works. Tests run in parallel and
// must stay fast (seconds): the binaries are built once, every test gets
// its own server. Attacks on memory run the server under a cap
// (prlimit) so a failure cannot take the machine down.
package security
