package nojson

import "io"

// F reads.
//
// mcp:tool
func F(r io.Reader, n int) string { return "" }
