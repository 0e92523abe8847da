package malformed

// F does something.
//
// mcp:tool
// mcp:name=has space
func F() string { return "" }
