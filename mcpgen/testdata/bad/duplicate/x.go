package duplicate

// F does something.
//
// mcp:tool
// mcp:name=same
func F() string { return "" }

// G does something.
//
// mcp:tool
// mcp:name=same
func G() string { return "" }
