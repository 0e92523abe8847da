package badlabel

// F does something.
//
// mcp:tool
// mcp:labels=ok=1,=bad
func F() string { return "" }
