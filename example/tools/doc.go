// Package tools holds the capability wrappers mcpgen generates from
// ../notes; tools_gen.go is rewritten by `go generate ./example/...`.
package tools

//go:generate go run github.com/toolplane/toolplane/cmd/mcpgen -config ../mcpgen.yaml
