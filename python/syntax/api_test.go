package syntax

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"testing"
)

// TestUnsupportedConstructs checks the constructs rejected by design: each
// error names the construct and its line.
func TestUnsupportedConstructs(t *testing.T) {
	tests := []struct {
		src       string
		line, col int
		msg       string
	}{
		{"print(f'{ｘ}')\n", 1, 10, "identifier \"ｘ\" contains 'ｘ' (U+FF58), which Python normalizes (NFKC); such identifiers are not supported by the embedded interpreter"},
		{"ｘ = 1 +\n", 1, 8, "invalid syntax"},
		{"x = 1\nｘ = 2\n", 2, 1, "identifier \"ｘ\" contains 'ｘ' (U+FF58), which Python normalizes (NFKC); such identifiers are not supported by the embedded interpreter"},
	}
	for _, tt := range tests {
		_, err := Parse("s.py", []byte(tt.src))
		var se *Error
		if !errors.As(err, &se) {
			t.Errorf("%q: got %v, want a *syntax.Error", tt.src, err)
			continue
		}
		if se.Line != tt.line || se.Col != tt.col || se.Msg != tt.msg || se.Kind != KindSyntax || se.Filename != "s.py" {
			t.Errorf("%q: got %s %d:%d %q, want SyntaxError %d:%d %q", tt.src, se.Kind, se.Line, se.Col, se.Msg, tt.line, tt.col, tt.msg)
		}
	}
}

// TestSoftKeywordsAsNames checks that match, case, _ and type remain
// ordinary identifiers outside match statements.
func TestSoftKeywordsAsNames(t *testing.T) {
	src := "match = 1\ncase = match\n_ = type(case)\nmatch(x)\nmatch[0] = 2\nmatch.y = 3\nprint(match, case, _, type)\n" +
		"match match:\n    case case:\n        _ = case\n"
	mod, err := Parse("s.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(mod.Body) != 8 {
		t.Fatalf("got %d statements, want 8", len(mod.Body))
	}
	m, ok := mod.Body[7].(*Match)
	if !ok {
		t.Fatalf("last statement is %T, want *Match", mod.Body[7])
	}
	if as, ok := m.Cases[0].Pattern.(*MatchAs); !ok || as.Name != "case" || as.Pattern != nil {
		t.Errorf("pattern is %s, want a capture of 'case'", Dump(m.Cases[0].Pattern))
	}
}

func TestTraceback(t *testing.T) {
	_, err := Parse("x.py", []byte("def f():\n    return (1 +)\n"))
	var se *Error
	if !errors.As(err, &se) {
		t.Fatalf("got %v, want *syntax.Error", err)
	}
	want := "  File \"x.py\", line 2\n    return (1 +)\n               ^\nSyntaxError: invalid syntax"
	if got := se.Traceback(); got != want {
		t.Errorf("Traceback:\n%s\nwant:\n%s", got, want)
	}
	if got, want := se.Error(), "x.py:2:16: SyntaxError: invalid syntax"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestParseExpr(t *testing.T) {
	e, err := ParseExpr("e", []byte("\n  a + 2 * b, *c\n"))
	if err != nil {
		t.Fatal(err)
	}
	const want = "Tuple(elts=[BinOp(left=Name(id='a', ctx=Load()), op=Add(), right=BinOp(left=Constant(value=2), op=Mult(), right=Name(id='b', ctx=Load()))), Starred(value=Name(id='c', ctx=Load()), ctx=Load())], ctx=Load())"
	if got := Dump(e); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if _, err := ParseExpr("e", []byte("a = 1")); err == nil {
		t.Error("ParseExpr accepted an assignment")
	}
}

func TestConstantValues(t *testing.T) {
	src := "None; True; 7; 12345678901234567890123; 1.5; 2j; 'é\\x41'; b'\\xff'; ...\n"
	mod, err := Parse("c.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	huge, _ := new(big.Int).SetString("12345678901234567890123", 10)
	want := []any{nil, true, int64(7), huge, 1.5, complex(0, 2), "éA", Bytes("\xff"), EllipsisType{}}
	for i, s := range mod.Body {
		c := s.(*ExprStmt).Value.(*Constant)
		switch w := want[i].(type) {
		case *big.Int:
			if b, ok := c.Value.(*big.Int); !ok || b.Cmp(w) != 0 {
				t.Errorf("constant %d = %#v, want %v", i, c.Value, w)
			}
		default:
			if c.Value != w {
				t.Errorf("constant %d = %#v, want %#v", i, c.Value, w)
			}
		}
	}
}

// TestWalkOrder checks that Walk visits every node once, in CPython's
// field order, and calls Visit(nil) after each node's children.
func TestWalkOrder(t *testing.T) {
	mod, err := Parse("w.py", []byte("def f(a=1):\n    return [x + a for x in y if x]\n"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	depth, maxDepth := 0, 0
	var v visitFunc
	v = func(n Node) Visitor {
		if n == nil {
			depth--
			return nil
		}
		depth++
		maxDepth = max(maxDepth, depth)
		if name, ok := n.(*Name); ok {
			names = append(names, name.Id)
		}
		return v
	}
	Walk(v, mod)
	if depth != 0 {
		t.Errorf("unbalanced Visit(nil) calls: depth %d", depth)
	}
	if got := strings.Join(names, " "); got != "x a x y x" {
		t.Errorf("names in walk order: %q, want %q", got, "x a x y x")
	}
	count := 0
	Inspect(mod, func(n Node) bool {
		count++
		_, isLambdaOrDef := n.(*FunctionDef)
		return !isLambdaOrDef
	})
	if count != 2 {
		t.Errorf("Inspect with pruning visited %d nodes, want 2 (module and def)", count)
	}
}

type visitFunc func(Node) Visitor

func (f visitFunc) Visit(n Node) Visitor { return f(n) }

// TestDeepNestingFails checks that pathological nesting is an error, not
// a stack overflow.
func TestDeepNestingFails(t *testing.T) {
	for _, src := range []string{
		strings.Repeat("(", 5000) + strings.Repeat(")", 5000),
		"x = " + strings.Repeat("-", 100000) + "1",
		"x = " + strings.Repeat("not ", 100000) + "1",
		strings.Repeat("[", 150) + strings.Repeat("]", 150),
		"f" + strings.Repeat("(a)", 50000),
	} {
		_, err := Parse("d.py", []byte(src))
		if err == nil && len(src) > 1000 && !strings.HasPrefix(src, "f") {
			t.Errorf("%.20q...: accepted", src)
		}
		var se *Error
		if err != nil && (!errors.As(err, &se) || strings.Contains(se.Msg, "internal")) {
			t.Errorf("%.20q...: %v", src, err)
		}
	}
}

// TestParseConcurrent parses from many goroutines at once; run with -race
// it checks that the package keeps no shared mutable state.
func TestParseConcurrent(t *testing.T) {
	t.Parallel()
	src := []byte(benchSnippet + "x = f'{a!r:>{w}}' + 'é'\n")
	want := ""
	if mod, err := Parse("c.py", src); err != nil {
		t.Fatal(err)
	} else {
		want = DumpWithPositions(mod)
	}
	done := make(chan string)
	for range 8 {
		go func() {
			mod, err := Parse("c.py", src)
			if err != nil {
				done <- err.Error()
				return
			}
			done <- DumpWithPositions(mod)
		}()
	}
	for range 8 {
		if got := <-done; got != want {
			t.Errorf("concurrent parse differs: %.200s", got)
		}
	}
}

// TestParseContextCancelled: the scanner, the parser and the sub-parsers
// of f-string fields stop when the parse's context ends.
func TestParseContextCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for name, src := range map[string]string{
		"tokens":  strings.Repeat("a = b + c\n", 50_000),
		"fstring": "x = f'" + strings.Repeat("{a + b}", 50_000) + "'",
	} {
		if _, err := ParseContext(ctx, "c.py", []byte(src)); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: got %v, want context.Canceled", name, err)
		}
		if _, err := ParseContext(context.Background(), "c.py", []byte(src)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// The f-string field's own scanner and parser poll too: a single token
	// holding 50,000 fields is most of the work.
	p, err := newParser(nil, "c.py", []byte("x = f'"+strings.Repeat("{a + b}", 50_000)+"'"))
	if err != nil {
		t.Fatal(err)
	}
	p.poll = newPoll(ctx)
	if err := p.run(func() { p.file() }); !errors.Is(err, context.Canceled) {
		t.Errorf("f-string fields: got %v, want context.Canceled", err)
	}
}

// TestExceptStarErrors checks the parser's errors for except*: where
// CPython 3.11 reports them and with its words.
func TestExceptStarErrors(t *testing.T) {
	tests := []struct {
		src       string
		line, col int
		msg       string
	}{
		{"try:\n    pass\nexcept* ValueError:\n    pass\nexcept TypeError:\n    pass\n", 5, 1, "cannot have both 'except' and 'except*' on the same 'try'"},
		{"try:\n    pass\nexcept ValueError:\n    pass\nexcept* TypeError:\n    pass\n", 5, 1, "cannot have both 'except' and 'except*' on the same 'try'"},
		{"try:\n    pass\nexcept*:\n    pass\n", 3, 8, "expected one or more exception types"},
	}
	for _, tt := range tests {
		_, err := Parse("s.py", []byte(tt.src))
		var se *Error
		if !errors.As(err, &se) {
			t.Errorf("%q: got %v, want a *syntax.Error", tt.src, err)
			continue
		}
		if se.Msg != tt.msg || se.Line != tt.line || se.Col != tt.col {
			t.Errorf("%q: got %d:%d %q, want %d:%d %q", tt.src, se.Line, se.Col, se.Msg, tt.line, tt.col, tt.msg)
		}
	}
	tree, err := Parse("s.py", []byte("try:\n    pass\nexcept* ValueError as e:\n    pass\n"))
	if err != nil {
		t.Fatal(err)
	}
	const want = "Module(body=[TryStar(body=[Pass()], handlers=[ExceptHandler(type=Name(id='ValueError', ctx=Load()), name='e', body=[Pass()])], orelse=[], finalbody=[])], type_ignores=[])"
	if got := Dump(tree); got != want {
		t.Errorf("Dump:\n got %s\nwant %s", got, want)
	}
}
