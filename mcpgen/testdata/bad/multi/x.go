package multi

// A is unexported-free but variadic.
//
// mcp:tool
func A(parts ...string) string { return "" }

// B has an unknown marker.
//
// mcp:tool
// mcp:lables=a=b
func B() {}

// C keys a map by a struct.
//
// mcp:tool
func C(m map[struct{ X int }]string) {}
