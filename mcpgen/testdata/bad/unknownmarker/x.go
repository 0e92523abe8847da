package unknownmarker

// F does something.
//
// mcp:tool
// mcp:lables=a=b
func F() string { return "" }
