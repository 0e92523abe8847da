package compile

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"testing"
	"unsafe"

	"github.com/toolplane/toolplane/python/syntax"
)

func compileSrc(t *testing.T, src string, snippet bool) (*Program, error) {
	t.Helper()
	mod, err := syntax.Parse("<test>", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return Module("<test>", mod, Options{Snippet: snippet})
}

func TestScopes(t *testing.T) {
	t.Parallel()
	prog, err := compileSrc(t, "def outer(a):\n    b = 1\n    def inner():\n        nonlocal b\n        b += a\n        return b\n    return inner\nclass C:\n    def m(self):\n        return super().m()\n", false)
	if err != nil {
		t.Fatal(err)
	}
	var outer, inner, m *Code
	var walk func(c *Code)
	walk = func(c *Code) {
		switch c.QualName {
		case "outer":
			outer = c
		case "outer.<locals>.inner":
			inner = c
		case "C.m":
			m = c
		}
		for _, k := range c.Consts {
			if sub, ok := k.(*Code); ok {
				walk(sub)
			}
		}
	}
	walk(prog.Module)
	if outer == nil || inner == nil || m == nil {
		t.Fatalf("code objects missing:\n%s", prog.Module.Disassemble())
	}
	if got := strings.Join(outer.CellNames, ","); got != "a,b" {
		t.Errorf("outer cells = %s, want a,b", got)
	}
	if outer.CellParams[0] != 0 {
		t.Errorf("cell a should be filled from parameter 0: %v", outer.CellParams)
	}
	if got := strings.Join(inner.FreeNames, ","); got != "a,b" {
		t.Errorf("inner frees = %s, want a,b", got)
	}
	if got := strings.Join(m.FreeNames, ","); got != "__class__" {
		t.Errorf("method frees = %s, want __class__ for zero-argument super()", got)
	}
}

func TestCompileErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		src, msg string
		snippet  bool
	}{
		{"break", "'break' outside loop", false},
		{"return 1", "'return' outside function", false},
		{"await f()", "'await' outside function", false},
		{"def f():\n    await g()", "'await' outside async function", true},
		{"def f():\n    nonlocal x", "no binding for nonlocal 'x' found", false},
		{"def f(a, a): pass", "duplicate argument 'a' in function definition", false},
		// The error is at the nonlocal statement, as CPython reports it.
		{"def g():\n    x = 0\n    def f():\n        nonlocal z", "line 4: SyntaxError: no binding for nonlocal 'z' found", false},
		{"def f(a):\n    global a", "line 2: SyntaxError: name 'a' is parameter and global", false},
		{"def f():\n    return [(yield) for i in ()]", "line 2: SyntaxError: 'yield' inside list comprehension", false},
	} {
		_, err := compileSrc(t, c.src, c.snippet)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: got %v, want %q", c.src, err, c.msg)
		}
	}
	if _, err := compileSrc(t, "x = 1\nawait f()\nreturn x", true); err != nil {
		t.Errorf("snippet with top-level await and return: %v", err)
	}
}

func TestConstantFolding(t *testing.T) {
	t.Parallel()
	prog, err := compileSrc(t, "x = -5 + 2 * 3\ny = (1, 'a', -2.5)\nz = 2 ** 100", false)
	if err != nil {
		t.Fatal(err)
	}
	dis := prog.Module.Disassemble()
	if !strings.Contains(dis, "LOAD_CONST") || !strings.Contains(dis, "(1)") || !strings.Contains(dis, "[1 a -2.5]") {
		t.Errorf("constants not folded:\n%s", dis)
	}
	if !strings.Contains(dis, "BINARY_OP") {
		t.Errorf("2 ** 100 must be left to the VM (it charges memory):\n%s", dis)
	}
}

// TestAttackFoldingBoundsConstants: folding never builds a constant
// larger than the source spelled ('a' * 10**9 or 2 ** 10**10 are left to
// the VM, which charges memory and checks sizes). CPython's optimizer folds
// up to 4096-character strings and 128-bit ints; this folder folds only
// arithmetic that stays within 64 bits, floats and tuples of constants.
func TestAttackFoldingBoundsConstants(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		"x = 'a' * 10**9", "x = 2 ** 10**10", "x = (1,) * 10**8", "x = b'x' * 10**9", "x = 1 << 10**9",
		"x = 10**9 * 'a'", "x = -(2**63) * 2**63", "x = 'a' * 1000 * 1000 * 1000", "x = [0] * 10**9",
		"x = (1, 2) + (3,) * 10**9", "x = 9223372036854775807 * 9223372036854775807", "x = 1e308 * 1e308",
	} {
		prog, err := compileSrc(t, src, false)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		for _, c := range prog.Module.Consts {
			var size int
			switch v := c.(type) {
			case string:
				size = len(v)
			case Bytes:
				size = len(v)
			case Tuple:
				size = len(v)
			case *big.Int:
				size = v.BitLen() / 8
			}
			if size > 16 {
				t.Errorf("%s: folded into a constant of size %d: %.40v", src, size, c)
			}
		}
	}
}

// TestModuleContextCancelled: the scope collector and the code generator
// stop when the compile's context ends, after a parse that finished.
func TestModuleContextCancelled(t *testing.T) {
	t.Parallel()
	mod, err := syntax.Parse("c.py", []byte(strings.Repeat("a = b + c\n", 50_000)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ModuleContext(ctx, "c.py", mod, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
	// The code generator alone: a collector that saw no cancellation.
	g := &gen{filename: "c.py", scopes: map[syntax.Node]*scope{}, guard: newGuard(ctx), maxInstrs: 1 << 30}
	top := newScope(moduleScope, nil, mod, "<module>")
	col := &collector{scopes: g.scopes, guard: newGuard(context.Background())}
	g.scopes[mod] = top
	col.stmts(top, mod.Body)
	g.module(mod, top)
	if !errors.Is(g.guard.ctxErr, context.Canceled) {
		t.Errorf("code generator: got %v, want context.Canceled", g.guard.ctxErr)
	}
	if _, err := ModuleContext(context.Background(), "c.py", mod, Options{}); err != nil {
		t.Error(err)
	}
}

// compileWork compiles src and returns the nodes the scope collector and
// the code generator visited plus the instructions generated (folded and
// rewound ones included): the compiler's work.
func compileWork(t *testing.T, src string) int {
	t.Helper()
	mod, err := syntax.Parse("w.py", []byte(src))
	if err != nil {
		t.Fatalf("%.60s: %v", src, err)
	}
	col := &collector{scopes: map[syntax.Node]*scope{}, guard: newGuard(context.Background())}
	top := newScope(moduleScope, nil, mod, "<module>")
	top.snippet = true
	col.scopes[mod] = top
	col.stmts(top, mod.Body)
	if col.err != nil || top.resolveFrees() != nil {
		t.Fatalf("%.60s: %v", src, col.err)
	}
	g := &gen{filename: "w.py", scopes: col.scopes, opts: Options{Snippet: true}, guard: newGuard(context.Background()), maxInstrs: 1 << 40}
	g.module(mod, top)
	return col.guard.nodes + g.guard.nodes + g.instrs
}

// TestAttackCompileIsLinear: constant folding was quadratic on operator
// chains (80 KB of 1|1|... compiled for 20 s) because every node folded
// its whole subtree again; finally blocks are compiled once per way out of
// their try block. For each shape, the compiler's work at 4n is at most 5
// times its work at n.
func TestAttackCompileIsLinear(t *testing.T) {
	t.Parallel()
	rep := strings.Repeat
	shapes := map[string]func(n int) string{
		"or_chain":        func(n int) string { return "x = 1" + rep("|1", n) },
		"add_chain":       func(n int) string { return "x = 1" + rep("+1", n) },
		"float_chain":     func(n int) string { return "x = 1.5" + rep("*1.5-1", n) },
		"name_chain":      func(n int) string { return "x = a" + rep("+a", n) },
		"neg_chain":       func(n int) string { return "x = " + rep("-", n) + "1" },
		"tuple_of_consts": func(n int) string { return "x = (" + rep("(1, 2), ", n) + "a)" },
		"set_of_consts":   func(n int) string { return "x = {" + rep("1, ", n) + "}" },
		"nested_tuples":   func(n int) string { return "x = " + rep("(1, ", n/20) + "a" + rep(")", n/20) },
		"compare_chain":   func(n int) string { return "x = a" + rep(" < a", n) },
		"call_chain":      func(n int) string { return "x = f" + rep("()", n) },
		"lambda_chain":    func(n int) string { return "x = " + rep("lambda: ", n) + "1" },
		"finally_returns": func(n int) string { return "def f():\n try:\n" + rep("  return 1\n", n/20) + " finally:\n  x = 1\n" },
		"elif_chain":      func(n int) string { return "if a: pass\n" + rep("elif a: pass\n", n) },
	}
	const n = 500
	for name, shape := range shapes {
		small, big := compileWork(t, shape(n)), compileWork(t, shape(4*n))
		if big > 5*small {
			t.Errorf("%s: work %d at n=%d, %d at %d: not linear", name, small, n, big, 4*n)
		}
	}
}

// TestAttackPrivateNamesOfAHugeClassName: a source under the 1 MiB cap
// with a class name of half a megabyte and 40,000 distinct private names
// would mangle them to 20 GB of names; the compile stops at its budget
// with a MemoryError instead (shown here with a smaller source past the
// same budget).
func TestAttackPrivateNamesOfAHugeClassName(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("class " + strings.Repeat("C", 100_000) + ":\n")
	for i := 0; i < 200; i++ {
		b.WriteString(" __a" + big.NewInt(int64(i)).String() + "=1\n")
	}
	_, err := compileSrc(t, b.String(), false)
	var ce *Error
	if !errors.As(err, &ce) || ce.Kind != "MemoryError" {
		t.Fatalf("compile: %v, want a MemoryError", err)
	}
	// One private name used many times is made once.
	src := "class " + strings.Repeat("C", 100_000) + ":\n" + strings.Repeat(" __a=1\n", 2000)
	if _, err := compileSrc(t, src, false); err != nil {
		t.Fatalf("compile of one name used often: %v", err)
	}
}

// TestNamesSharedAcrossCodeObjects checks that a name in the Names of
// several code objects of a program is one string: an attribute stored by
// __init__ and read by another method (or at module level) is then found
// in the instance's dict by the address of its bytes, without comparing
// them.
func TestNamesSharedAcrossCodeObjects(t *testing.T) {
	p, err := compileSrc(t, "class C:\n    def __init__(self):\n        self.width = 1\n    def area(self):\n        return self.width\nc = C()\nx = c.width\n", false)
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	var walk func(c *Code)
	walk = func(c *Code) {
		for _, n := range c.Names {
			if n == "width" {
				seen = append(seen, n)
			}
		}
		for _, k := range c.Consts {
			if sub, ok := k.(*Code); ok {
				walk(sub)
			}
		}
	}
	walk(p.Module)
	if len(seen) != 3 {
		t.Fatalf("'width' in the Names of %d code objects, want 3", len(seen))
	}
	for _, n := range seen[1:] {
		if unsafe.StringData(n) != unsafe.StringData(seen[0]) {
			t.Errorf("the code objects' 'width' are different strings")
		}
	}
}
