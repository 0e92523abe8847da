package unexported

// f does something.
//
// mcp:tool
func f() string { return "" }

var _ = f
