package variadic

// F joins.
//
// mcp:tool
func F(parts ...string) string { return "" }
