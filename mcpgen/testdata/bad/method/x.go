package method

// T is a type.
type T struct{}

// F does something.
//
// mcp:tool
func (T) F() string { return "" }
