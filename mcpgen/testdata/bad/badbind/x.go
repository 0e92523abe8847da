package badbind

import "io"

// F reads.
//
// mcp:tool
// mcp:bind=w:Missing
func F(r io.Reader) string { return "" }
