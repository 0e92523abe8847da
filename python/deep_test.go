package python_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolplane/toolplane/python"
)

// deepShape is a source whose syntax tree, or the parser's recursion over
// it, grows with n: the shapes a hostile snippet uses to exhaust the Go
// stack of a recursive phase (scanner, parser, scope collector, constant
// folder, code generator), whose overflow is fatal to the whole process.
type deepShape struct {
	name string
	src  func(n int) string
	// refused, when set, says why CPython compiles this shape at sizes
	// where the compiler here refuses it on purpose.
	refused string
	// flat marks shapes that compile at any size up to the source limit.
	flat bool
}

// refusedExpansion is why the finally shapes are refused past a size.
const refusedExpansion = "finally blocks are compiled once per way out of their try block; code that expands past the compiler's instruction budget is refused (CPython compiles it, in time quadratic or exponential in the source)"

func rep(s string, n int) string { return strings.Repeat(s, n) }

// deepShapes covers every recursive production of the grammar and every
// left-associative chain the parser builds iteratively into a deep tree.
var deepShapes = []deepShape{
	// Trailer chains: iterative in the parser, left-deep trees.
	{name: "call_chain", src: func(n int) string { return "def f(): return f\nreturn f" + rep("()", n) }},
	{name: "subscript_chain", src: func(n int) string { return "a = [0]\nreturn a" + rep("[0]", n) }},
	{name: "attr_chain", src: func(n int) string { return "a = 1\nreturn a" + rep(".b", n) }},
	{name: "slice_chain", src: func(n int) string { return "a = [0]\nreturn a" + rep("[1:2]", n) }},
	{name: "method_chain", src: func(n int) string { return "a = 's'\nreturn a" + rep(".strip()", n) }},
	{name: "await_call_chain", src: func(n int) string { return "async def f(): return f\nreturn await f" + rep("()", n) }},
	// Binary operator chains: left-deep trees.
	{name: "mul_chain", src: func(n int) string { return "return 1" + rep("*1", n) }},
	{name: "or_chain", src: func(n int) string { return "return 1" + rep("|1", n) }},
	{name: "add_chain", src: func(n int) string { return "return 1" + rep("+1", n) }},
	{name: "name_add_chain", src: func(n int) string { return "a = 1\nreturn a" + rep("+a", n) }},
	{name: "str_add_chain", src: func(n int) string { return "return 'a'" + rep("+'a'", n) }},
	{name: "mixed_prec_chain", src: func(n int) string { return "return 1" + rep("+1*1", n) }},
	{name: "sub_float_chain", src: func(n int) string { return "return 1.5" + rep("-1.5", n) }},
	// Right-recursive productions: recursion in the parser.
	{name: "pow_chain", src: func(n int) string { return "return 1" + rep("**1", n) }},
	{name: "not_chain", src: func(n int) string { return "return " + rep("not ", n) + "1" }},
	{name: "neg_chain", src: func(n int) string { return "return " + rep("- ", n) + "1" }},
	{name: "invert_chain", src: func(n int) string { return "return " + rep("~", n) + "1" }},
	{name: "pos_neg_chain", src: func(n int) string { return "return " + rep("+-", n) + "1" }},
	{name: "ifexp_chain", src: func(n int) string { return "a = b = 1\nreturn " + rep("a if b else ", n) + "a" }},
	{name: "lambda_chain", src: func(n int) string { return "return " + rep("lambda: ", n) + "1" }},
	{name: "lambda_default_chain", src: func(n int) string { return "return " + rep("lambda a=", n) + "1" + rep(": a", n) }},
	{name: "not_in_if_chain", src: func(n int) string { return "if " + rep("not ", n) + "1:\n    pass" }},
	{name: "while_not_chain", src: func(n int) string { return "while " + rep("not ", n) + "1:\n    break" }},
	// Flat chains (lists in the tree), still big.
	{name: "cmp_chain", src: func(n int) string { return "return 1" + rep("<1", n) }, flat: true},
	{name: "and_chain", src: func(n int) string { return "return 1" + rep(" and 1", n) }, flat: true},
	{name: "str_concat", src: func(n int) string { return "return 'a'" + rep(" 'a'", n) }, flat: true},
	{name: "tuple_flat", src: func(n int) string { return "return (" + rep("1,", n) + ")" }, flat: true},
	{name: "call_args", src: func(n int) string { return "return print(" + rep("1,", n) + ")" }, flat: true},
	{name: "dict_flat", src: func(n int) string { return "return {" + rep("1: 1,", n) + "}" }, flat: true},
	// Brackets: bounded by the scanner.
	{name: "paren", src: func(n int) string { return "return " + rep("(", n) + "1" + rep(")", n) }},
	{name: "list_nest", src: func(n int) string { return "return " + rep("[", n) + rep("]", n) }},
	{name: "call_nest", src: func(n int) string { return "return " + rep("f(", n) + rep(")", n) }},
	{name: "walrus_nest", src: func(n int) string { return "return " + rep("(x := ", n) + "1" + rep(")", n) }},
	{name: "fstring_nest", src: func(n int) string { return "return f'{" + rep("(", n) + "1" + rep(")", n) + "}'" }},
	// Statements.
	{name: "elif_chain", src: func(n int) string { return "a = 1\nif a: pass\n" + rep("elif a: pass\n", n) }},
	{name: "with_items", src: func(n int) string { return "with " + rep("a, ", n) + "a: pass" }},
	{name: "async_with_items", src: func(n int) string { return "async with " + rep("a, ", n) + "a: pass" }},
	{name: "with_paren_items", src: func(n int) string { return "with (" + rep("a, ", n) + "a): pass" }},
	{name: "comp_fors", src: func(n int) string { return "return [x " + rep("for x in a ", n) + "]" }},
	{name: "comp_ifs", src: func(n int) string { return "return [x for x in a " + rep("if x ", n) + "]" }, flat: true},
	{name: "genexp_fors", src: func(n int) string { return "return sum(x " + rep("for x in a ", n) + ")" }},
	{name: "decorators", src: func(n int) string { return rep("@d\n", n) + "def f(): pass" }, flat: true},
	{name: "class_decorators", src: func(n int) string { return rep("@d\n", n) + "class C: pass" }, flat: true},
	{name: "nested_def", src: func(n int) string {
		n = min(n, 150) // past CPython's 100 levels of indentation
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(rep(" ", i) + "def f():\n")
		}
		b.WriteString(rep(" ", n) + "pass\n")
		return b.String()
	}},
	{name: "nested_if_tabs", src: func(n int) string {
		n = min(n, 150)
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(rep("\t", i) + "if 1:\n")
		}
		b.WriteString(rep("\t", n) + "pass\n")
		return b.String()
	}},
	// Code that the generator duplicates: finally blocks are compiled once
	// per way out of their try block.
	{name: "finally_nest", src: func(n int) string {
		n = min(n, 98)
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(rep(" ", i) + "try: pass\n" + rep(" ", i) + "finally:\n")
		}
		b.WriteString(rep(" ", n) + "x = 1\n")
		return b.String()
	}, refused: refusedExpansion},
	{name: "finally_returns", src: func(n int) string {
		return "def f():\n try:\n" + rep("  return 1\n", n) + " finally:\n" + rep("  x = 1\n", n)
	}, refused: refusedExpansion},
	{name: "finally_loop_breaks", src: func(n int) string {
		return "for a in b:\n try:\n" + rep("  break\n  continue\n", n) + " finally:\n" + rep("  x = 1\n", n)
	}, refused: refusedExpansion},
	{name: "assign_target_attr", src: func(n int) string { return "a" + rep(".b", n) + " = 1" }},
	{name: "assign_target_subscript", src: func(n int) string { return "a" + rep("[0]", n) + " = 1" }},
	{name: "augassign_target", src: func(n int) string { return "a" + rep(".b", n) + " += 1" }},
	{name: "del_target", src: func(n int) string { return "del a" + rep("[0]", n) }},
	{name: "for_target", src: func(n int) string { return "for a" + rep(".b", n) + " in c: pass" }},
	{name: "annotation_chain", src: func(n int) string { return "x: a" + rep(".b", n) + " = 1" }},
	{name: "class_base_chain", src: func(n int) string { return "class C(a" + rep(".b", n) + "): pass" }},
	{name: "star_arg_chain", src: func(n int) string { return "return f(*a" + rep(".b", n) + ")" }},
	{name: "kwarg_chain", src: func(n int) string { return "return f(k=a" + rep("+a", n) + ")" }},
	{name: "default_chain", src: func(n int) string { return "def f(x=1" + rep("+1", n) + "): pass" }},
	{name: "return_annotation_chain", src: func(n int) string { return "def f() -> a" + rep(".b", n) + ": pass" }},
	{name: "global_many", src: func(n int) string { return "def f():\n    global " + strings.TrimSuffix(rep("a, ", n), ", ") + "\n" }, flat: true},
	{name: "semicolons", src: func(n int) string { return rep("a = 1; ", n) + "a" }, flat: true},
	{name: "assign_chain", src: func(n int) string { return rep("a = ", n) + "1" }, flat: true},
	{name: "yield_chain", src: func(n int) string { return "def g():\n    x = " + rep("(yield ", n) + "1" + rep(")", n) }},
	{name: "fstring_field_chain", src: func(n int) string { return "a = 1\nreturn f'{a" + rep("+a", n) + "}'" }},
	{name: "fstring_many_fields", src: func(n int) string { return "a = 1\nreturn f'" + rep("{a}", n) + "'" }, flat: true},
	{name: "assert_msg_chain", src: func(n int) string { return "assert 1, a" + rep("+a", n) }},
	{name: "raise_chain", src: func(n int) string { return "raise a" + rep(".b", n) }},
	{name: "match_or", src: func(n int) string { return "match 1:\n    case " + rep("1 | ", n) + "1: pass" }, flat: true},
	{name: "match_value_chain", src: func(n int) string { return "match 1:\n    case a" + rep(".b", n) + ": pass" }},
	{name: "match_subject_chain", src: func(n int) string { return "match a" + rep("+a", n) + ":\n    case 1: pass" }},
	{name: "match_guard_chain", src: func(n int) string { return "match 1:\n    case 1 if a" + rep("+a", n) + ": pass" }},
	{name: "match_seq_nest", src: func(n int) string { return "match 1:\n    case " + rep("[", n) + rep("]", n) + ": pass" }},
	{name: "match_class_nest", src: func(n int) string { return "match 1:\n    case " + rep("C(", n) + rep(")", n) + ": pass" }},
	{name: "match_many_cases", src: func(n int) string { return "match 1:\n" + rep("    case 1: pass\n", n) }, flat: true},
	{name: "try_many_excepts", src: func(n int) string { return "try: pass\n" + rep("except E: pass\n", n) }, flat: true},
	{name: "dict_comp_chain", src: func(n int) string { return "return {k: v " + rep("for k, v in a ", n) + "}" }},
	{name: "set_flat", src: func(n int) string { return "return {" + rep("1,", n) + "}" }, flat: true},
	{name: "set_nested_tuple", src: func(n int) string { return "return {" + rep("(1, 2),", n) + "}" }, flat: true},
	{name: "tuple_of_tuples_then_name", src: func(n int) string { return "a = 1\nreturn ((" + rep("1,", n) + "), a)" }, flat: true},
}

const (
	// deepChildEnv marks the re-executed test binary that compiles shapes.
	deepChildEnv = "TOOLPLANE_DEEP_CHILD"
	// deepSizeEnv is the source size in bytes each shape is grown to.
	deepSizeEnv = "TOOLPLANE_DEEP_SIZE"
	deepDone    = "DEEP-DONE"
	deepStart   = "DEEP-START"
)

// deepOutcome is how compiling one shape ended, as the child reports it.
type deepOutcome struct {
	Shape   string `json:"shape"`
	N       int    `json:"n"`
	Bytes   int    `json:"bytes"`
	Type    string `json:"type"` // "" when the source compiled
	Message string `json:"message"`
	Millis  int64  `json:"ms"`
}

// deepN returns the repetition count that grows shape to about size bytes.
func deepN(s deepShape, size int) int {
	one := len(s.src(1))
	two := len(s.src(2))
	per := two - one
	if per <= 0 {
		per = 1
	}
	n := (size - one) / per
	if n < 1 {
		n = 1
	}
	return n
}

// compileDeep compiles src as a snippet and reports how it ended.
func compileDeep(name string, n int, src string) deepOutcome {
	out := deepOutcome{Shape: name, N: n, Bytes: len(src)}
	start := time.Now()
	_, err := python.Compile("deep.py", src, python.CompileOptions{Snippet: true})
	out.Millis = time.Since(start).Milliseconds()
	var exc *python.Exception
	switch {
	case err == nil:
	case errors.As(err, &exc):
		out.Type, out.Message = exc.Type, exc.Message
	default:
		out.Type, out.Message = "Go error", err.Error()
	}
	return out
}

// deepChildStack is the Go stack limit of the child process: far below
// the default 1 GB, so that a phase that recursed once per node would die
// on the sources of this test (the red team's 1 MB sources reached the
// default limit; 256 KB sources reach this one several times over), while
// the deepest nesting the compiler accepts needs a fraction of it.
const deepChildStack = 32 << 20

// deepestAccepted is a nesting CPython and this compiler both accept for
// the chain shapes: the child compiles every shape at it too, proving the
// deepest legitimate recursion fits in deepChildStack.
const deepestAccepted = 2900

// runDeepChild is the child side: it compiles every shape grown to the
// requested size, then at deepestAccepted, and prints one JSON outcome per
// compile.
func runDeepChild() {
	size, _ := strconv.Atoi(os.Getenv(deepSizeEnv))
	from, _ := strconv.Atoi(os.Getenv(deepChildEnv))
	debug.SetMaxStack(deepChildStack)
	for i := from; i < 2*len(deepShapes); i++ {
		s := deepShapes[i%len(deepShapes)]
		n := deepestAccepted
		if i < len(deepShapes) {
			n = deepN(s, size)
		}
		fmt.Printf("%s %d\n", deepStart, i)
		o := compileDeep(s.name, n, s.src(n))
		b, _ := json.Marshal(o)
		fmt.Printf("%s %d %s\n", deepDone, i, b)
	}
}

// compileDeepShapes compiles every shape at about size bytes in child
// processes (this test binary re-executed), so that a phase that overflows
// the Go stack fails as that shape instead of killing the test run. A shape
// whose child died is reported with Type "crash".
func compileDeepShapes(t *testing.T, size int) []deepOutcome {
	t.Helper()
	total := 2 * len(deepShapes)
	outcomes := make([]deepOutcome, total)
	for from := 0; from < total; {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestAttackDeepSource$", "-test.count=1")
		cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%d", deepChildEnv, from), fmt.Sprintf("%s=%d", deepSizeEnv, size), "GOMEMLIMIT=1GiB")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			cancel()
			t.Fatal(err)
		}
		running := -1
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
		for sc.Scan() {
			kind, rest, _ := strings.Cut(sc.Text(), " ")
			idx, payload, _ := strings.Cut(rest, " ")
			i, err := strconv.Atoi(idx)
			if err != nil || i < 0 || i >= total {
				continue
			}
			switch kind {
			case deepStart:
				running = i
			case deepDone:
				if err := json.Unmarshal([]byte(payload), &outcomes[i]); err != nil {
					t.Fatalf("child outcome %q: %v", payload, err)
				}
				running, from = -1, i+1
			}
		}
		waitErr := cmd.Wait()
		cancel()
		if running < 0 {
			if from < total {
				t.Fatalf("deep child stopped before compile %d: %v\n%s", from, waitErr, tail(stderr.String(), 2000))
			}
			break
		}
		s := deepShapes[running%len(deepShapes)]
		n := deepestAccepted
		if running < len(deepShapes) {
			n = deepN(s, size)
		}
		// The first line of Go's own report says what killed the child.
		msg := tail(stderr.String(), 400)
		for _, l := range strings.Split(stderr.String(), "\n") {
			if strings.HasPrefix(l, "fatal error:") || strings.HasPrefix(l, "runtime:") || strings.HasPrefix(l, "panic:") {
				msg = l
				break
			}
		}
		outcomes[running] = deepOutcome{Shape: s.name, N: n, Type: "crash", Message: fmt.Sprintf("%v: %s", waitErr, msg)}
		from = running + 1
	}
	return outcomes
}

// TestAttackDeepSource compiles every deep shape at about 256 KB, in a
// child process whose Go stack is limited to deepChildStack, and then at
// deepestAccepted levels. The red team's 1 MB sources of these shapes
// ended the server with Go's fatal stack overflow. Every compile must
// return: a deep shape with a SyntaxError, IndentationError or
// RecursionError, a flat one with a program (compiling is linear, see
// BenchmarkCompileLinear). TOOLPLANE_DEEP_SIZE overrides the size.
func TestAttackDeepSource(t *testing.T) {
	if os.Getenv(deepChildEnv) != "" {
		runDeepChild()
		return
	}
	size := 256 << 10
	if s := os.Getenv(deepSizeEnv); s != "" {
		size, _ = strconv.Atoi(s)
	}
	outcomes := compileDeepShapes(t, size)
	for i, o := range outcomes {
		t.Logf("%-26s n=%-7d %5dms %s: %.80s", o.Shape, o.N, o.Millis, o.Type, o.Message)
		s := deepShapes[i%len(deepShapes)]
		switch {
		case o.Type == "crash" || o.Type == "Go error" || o.Type == "SystemError":
			t.Errorf("%s (n=%d): %s: %s", o.Shape, o.N, o.Type, o.Message)
		case i >= len(deepShapes):
			// The verdict at this depth is TestDeepSourceMatchesCPython's.
		case s.flat && o.Type != "":
			t.Errorf("%s (n=%d): want a program, got %s: %s", o.Shape, o.N, o.Type, o.Message)
		case !s.flat && o.Type != "SyntaxError" && o.Type != "IndentationError" && o.Type != "RecursionError":
			t.Errorf("%s (n=%d): want SyntaxError, IndentationError or RecursionError, got %q: %s", o.Shape, o.N, o.Type, o.Message)
		}
	}
}

// cpythonCompiles is a python3 program that reads a JSON list of snippet
// sources and prints a JSON list of how compiling each ended ("" when it
// compiled), each wrapped in an async def as the conformance oracle runs
// snippets.
const cpythonCompiles = `
import json, sys, textwrap
out = []
for src in json.load(sys.stdin):
    body = "async def __snippet__():\n" + textwrap.indent(src, " ", lambda l: True)
    try:
        compile(body, "deep.py", "exec")
        out.append("")
    except (SyntaxError, RecursionError, MemoryError) as e:
        out.append(type(e).__name__)
print(json.dumps(out))
`

// TestDeepSourceMatchesCPython compiles every deep shape at sizes around
// CPython's limits, under CPython 3.11 and here, and requires the same
// verdict up to 2900 levels: what CPython compiles compiles here, and what
// it refuses with a SyntaxError is refused here. Where CPython gives up on
// a resource of its own (MemoryError from its parser, RecursionError) either
// verdict is fine; past about 3000 levels both refuse, with a few levels of
// difference. Shapes refused on purpose (deepShape.refused) are only
// logged. The table of both verdicts is logged.
func TestDeepSourceMatchesCPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 (the oracle) is not on PATH")
	}
	type probe struct {
		shape deepShape
		n     int
		src   string
	}
	var probes []probe
	var srcs []string
	for _, s := range deepShapes {
		sizes := []int{10, 100, 1000, 2000, 2900, 3100, 5000}
		if s.refused != "" {
			sizes = []int{10, 100} // CPython takes minutes on larger ones
		}
		for _, n := range sizes {
			if limit, ok := cpythonSlow[s.name]; ok && n > limit {
				continue
			}
			probes = append(probes, probe{s, n, s.src(n)})
			srcs = append(srcs, s.src(n))
		}
	}
	in, _ := json.Marshal(srcs)
	cmd := exec.Command(py, "-c", cpythonCompiles)
	cmd.Stdin = bytes.NewReader(in)
	began := time.Now()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	t.Logf("CPython compiled %d sources in %v", len(srcs), time.Since(began))
	var theirs []string
	if err := json.Unmarshal(out, &theirs); err != nil || len(theirs) != len(srcs) {
		t.Fatalf("python3 answered %d verdicts for %d sources (%v): %.200s", len(theirs), len(srcs), err, out)
	}
	var table strings.Builder
	last := ""
	for k, p := range probes {
		if p.shape.name != last {
			if last != "" {
				table.WriteString("\n")
			}
			fmt.Fprintf(&table, "%-26s", p.shape.name)
			last = p.shape.name
		}
		ours := compileDeep(p.shape.name, p.n, p.src).Type
		fmt.Fprintf(&table, " %5d:%-3s/%-3s", p.n, verdict(theirs[k]), verdict(ours))
		if p.shape.refused != "" || p.n > 2900 {
			continue
		}
		switch theirs[k] {
		case "":
			if ours != "" {
				t.Errorf("%s at n=%d: CPython compiles it, here %s", p.shape.name, p.n, ours)
			}
		case "SyntaxError", "IndentationError":
			if ours == "" {
				t.Errorf("%s at n=%d: CPython raises %s, here it compiles", p.shape.name, p.n, theirs[k])
			}
		}
	}
	t.Logf("verdicts as n:CPython/here (ok = compiles; Syn = SyntaxError, Rec = RecursionError, Mem = MemoryError, Ind = IndentationError):\n%s", table.String())
}

// cpythonSlow caps the sizes at which CPython is asked about a shape it
// compiles too slowly for a test.
var cpythonSlow = map[string]int{
	"lambda_chain": 1000, // its qualified names make it quadratic: 10 s at 2900
	"finally_nest": 10,   // exponential: 2 minutes at 100 levels
}

func verdict(typ string) string {
	if typ == "" {
		return "ok"
	}
	return typ[:3]
}

// linearShapes are the shapes BenchmarkCompileLinear measures: the flat
// ones that compile at any size up to the source limit, and deep ones that
// must be refused at a cost linear in their size.
var linearShapes = []string{
	"tuple_flat", "call_args", "dict_flat", "set_flat", "str_concat", "cmp_chain", "and_chain",
	"semicolons", "assign_chain", "match_or", "match_many_cases", "try_many_excepts",
	"fstring_many_fields", "decorators", "comp_ifs", "global_many",
	"call_chain", "or_chain", "name_add_chain", "pow_chain", "lambda_chain", "ifexp_chain",
	"finally_returns", "finally_loop_breaks",
}

// BenchmarkCompileLinear compiles each linear shape grown to 64, 128 and
// 256 KB. Compiling is linear when ns/srcB (time per source byte) and
// allocB/srcB (bytes allocated per source byte) stay flat as the size
// doubles: compare the three sizes of a shape.
//
//	go test ./python -run '^$' -bench CompileLinear
func BenchmarkCompileLinear(b *testing.B) {
	for _, name := range linearShapes {
		var shape deepShape
		for _, s := range deepShapes {
			if s.name == name {
				shape = s
			}
		}
		if shape.src == nil {
			b.Fatalf("no shape %s", name)
		}
		for _, size := range []int{64 << 10, 128 << 10, 256 << 10} {
			src := shape.src(deepN(shape, size))
			b.Run(fmt.Sprintf("%s/%dKB", name, size>>10), func(b *testing.B) {
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				for i := 0; i < b.N; i++ {
					python.Compile("deep.py", src, python.CompileOptions{Snippet: true})
				}
				runtime.ReadMemStats(&after)
				perByte := float64(b.N) * float64(len(src))
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/perByte, "ns/srcB")
				b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/perByte, "allocB/srcB")
			})
		}
	}
}
