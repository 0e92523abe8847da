package regex

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// diffCase is one operation whose result CPython's re computes in testdata/oracle.py and
// this package computes in runCase; the two results must be equal.
type diffCase struct {
	Pattern string `json:"pattern"`
	Flags   int    `json:"flags"`
	Bytes   bool   `json:"bytes,omitempty"`
	Op      string `json:"op"`
	Subject string `json:"subject"`
	Repl    string `json:"repl"`
	Count   int    `json:"count,omitempty"`
	Pos     *int   `json:"pos,omitempty"`
	EndPos  *int   `json:"endpos,omitempty"`
}

func (c diffCase) String() string {
	s := fmt.Sprintf("%s(%q, flags=%d", c.Op, c.Pattern, c.Flags)
	if c.Bytes {
		s += ", bytes"
	}
	s += fmt.Sprintf(", subject=%q", c.Subject)
	if c.Repl != "" {
		s += fmt.Sprintf(", repl=%q", c.Repl)
	}
	if c.Count != 0 {
		s += fmt.Sprintf(", count=%d", c.Count)
	}
	if c.Pos != nil {
		s += fmt.Sprintf(", pos=%d", *c.Pos)
	}
	if c.EndPos != nil {
		s += fmt.Sprintf(", endpos=%d", *c.EndPos)
	}
	return s + ")"
}

const (
	fI = int(IgnoreCase)
	fM = int(Multiline)
	fS = int(DotAll)
	fX = int(Verbose)
	fA = int(ASCII)
	fL = int(Locale)
	fU = int(Unicode)
)

// matchPatterns are exercised with search, match, fullmatch, findall and finditer on each
// of their subjects.
var matchPatterns = []struct {
	pattern  string
	flags    int
	subjects []string
}{
	{`abc`, 0, []string{"xxabcxx", "ab", "abcabc"}},
	{`a.c`, 0, []string{"abc a\nc", "a\nc"}},
	{`a.c`, fS, []string{"a\nc"}},
	{`^\w+`, 0, []string{"hello world", "  x"}},
	{`^\w+$`, fM, []string{"one\ntwo\n three\nfour\n"}},
	{`foo$`, 0, []string{"foo\n", "foo\n\n", "foo"}},
	{`foo$`, fM, []string{"foo\nfoo\n", "foox\nfoo"}},
	{`\Afoo\Z`, 0, []string{"foo", "foo\n"}},
	{`$`, 0, []string{"a\n", "ab"}},
	{`^`, fM, []string{"a\nb\n", ""}},
	{`\bfoo\b`, 0, []string{"foo bar foobar (foo)", "é foo_"}},
	{`\Bo\B`, 0, []string{"foo boo o"}},
	{`\B`, 0, []string{"", "ab"}},
	{`\b`, 0, []string{"", "ab cd"}},
	{`\d+`, 0, []string{"a1b22c333 ٣٤"}},
	{`\d+`, fA, []string{"12 ٣٤"}},
	{`\D+`, 0, []string{"ab12cd"}},
	{`\s+`, 0, []string{"a \t\nb\x1c\u00a0\u2003c"}},
	{`\s+`, fA, []string{"a \t\nb\u00a0c"}},
	{`\S+`, 0, []string{" ab  cd "}},
	{`\w+`, 0, []string{"héllo wörld_1 ñ日本 x\u0301y"}},
	{`\w+`, fA, []string{"héllo wörld_1"}},
	{`\W+`, 0, []string{"a, b; c"}},
	{`[a-z]+`, 0, []string{"abcXYZdef"}},
	{`[a-z]+`, fI, []string{"abcXYZdef\u212a\u017f"}},
	{`[^a-z]+`, 0, []string{"abc123DEF"}},
	{`[^a-z]+`, fI, []string{"abc123DEF"}},
	{`[\d\s]+`, 0, []string{"ab 12 3x"}},
	{`[\w.-]+@[\w.-]+\.\w+`, 0, []string{"mail bob.smith@example.com or a-b@c.io"}},
	{`[]a]+`, 0, []string{"]]a]b"}},
	{`[^]a]+`, 0, []string{"]]a]bcd"}},
	{`[a\]]+`, 0, []string{"a]a]x"}},
	{`[-a]+`, 0, []string{"-a-b"}},
	{`[a-]+`, 0, []string{"-a-b"}},
	{`[\x41-\x43]+`, 0, []string{"ABCD"}},
	{`[\u0400-\u04ff]+`, 0, []string{"abc привет xyz"}},
	{`\x41\u0042\U00000043\101\0`, 0, []string{"ABCA\x00"}},
	{`\n\t\\`, 0, []string{"a\n\t\\b"}},
	{`a*`, 0, []string{"aaa", "baaa", ""}},
	{`a+?`, 0, []string{"aaa"}},
	{`a*?b`, 0, []string{"aaab"}},
	{`a{2}`, 0, []string{"aaaaa"}},
	{`a{2,}`, 0, []string{"a aa aaaaa"}},
	{`a{,2}`, 0, []string{"aaaaa"}},
	{`a{1,3}?`, 0, []string{"aaaaa"}},
	{`a{,}`, 0, []string{"aaab"}},
	{`x{}y`, 0, []string{"x{}y"}},
	{`x{a}`, 0, []string{"x{a}"}},
	{`x{2,1`, 0, []string{"x{2,1"}},
	{`(ab)+`, 0, []string{"ababab abx"}},
	{`(ab)+?`, 0, []string{"ababab"}},
	{`(a|b)*c`, 0, []string{"abbac"}},
	{`(a|ab)(c|bcd)(d*)`, 0, []string{"abcd"}},
	{`(a*)*`, 0, []string{"aaa", "b"}},
	{`(a*)+`, 0, []string{"aaa", "b"}},
	{`(a?)*`, 0, []string{"aa"}},
	{`(a|)*b`, 0, []string{"aab"}},
	{`(?:a|b)*?c`, 0, []string{"ababc"}},
	{`((a)|b)+`, 0, []string{"ab", "ba"}},
	{`(?:(a)|b)*`, 0, []string{"ab"}},
	{`(?:(a)b)*`, 0, []string{"aba"}},
	{`(a)|b`, 0, []string{"b"}},
	{`(a)(b)?`, 0, []string{"a", "ab"}},
	{`((a)b)`, 0, []string{"ab"}},
	{`(?P<first>\w+) (?P<last>\w+)`, 0, []string{"Jane Doe", "x"}},
	{`(?P<a>x)|(?P<b>y)`, 0, []string{"y"}},
	{`(\w)\1`, 0, []string{"hello aab"}},
	{`(?P<q>['"]).*?(?P=q)`, 0, []string{`say "hi" and 'yo'`}},
	{`(a)\1`, fI, []string{"aA"}},
	{`(?i)(ß)\1`, 0, []string{"ßß"}},
	{`\b(\w+)\s+\1\b`, 0, []string{"the the cat sat sat"}},
	{`(?=abc)\w+`, 0, []string{"xabcd"}},
	{`\w+(?=,)`, 0, []string{"a, bb, ccc"}},
	{`\w+(?!,)\b`, 0, []string{"a, bb, ccc"}},
	{`(?<=\$)\d+`, 0, []string{"cost $42 or 7"}},
	{`(?<!\$)\b\d+`, 0, []string{"cost $42 or 7"}},
	{`(?<=ab|cd)x`, 0, []string{"abx cdx efx"}},
	{`(?<=(a))b`, 0, []string{"ab"}},
	{`(?=(a))a`, 0, []string{"a"}},
	{`(?!(a)b)a`, 0, []string{"ac"}},
	{`(?<=^)a`, fM, []string{"b\na"}},
	{`(?(1)a|b)`, 0, []string{"ab"}},
	{`(<)?\w+(?(1)>)`, 0, []string{"<tag> word <bad"}},
	{`(?P<o>\()?\d+(?(o)\))`, 0, []string{"(12) 34 (56"}},
	{`(?i)hello`, 0, []string{"HeLLo"}},
	{`(?i:h)ello`, 0, []string{"Hello HELLO"}},
	{`(?-i:h)ello`, fI, []string{"hELLO HELLO"}},
	{`(?s).+`, 0, []string{"a\nb"}},
	{`(?m)^b`, 0, []string{"a\nb"}},
	{`(?x) a b # comment
	  c`, 0, []string{"abc"}},
	{`a b`, fX, []string{"ab a b"}},
	{`[ ]a`, fX, []string{" a"}},
	{`a\ b`, fX, []string{"a b"}},
	{`(?x: a b ) c`, 0, []string{"ab c"}},
	{`(?a)\w+`, 0, []string{"héllo"}},
	{`(?a:\w)\w`, 0, []string{"éé eé"}},
	{`(?#comment)abc`, 0, []string{"abc"}},
	{`(?>a+)b`, 0, []string{"aaab"}},
	{`(?>a+)a`, 0, []string{"aaa"}},
	{`a++a`, 0, []string{"aaa"}},
	{`a*+b`, 0, []string{"aaab"}},
	{`(?:ab)*+ab`, 0, []string{"ababab"}},
	{`(?:ab)++`, 0, []string{"ababx"}},
	{`\w{2,3}+\d`, 0, []string{"abc1 ab1"}},
	{`KELVIN`, fI, []string{"\u212aelvin"}},
	{`σ+`, fI, []string{"ΣσςΣ"}},
	{`[σ]+`, fI, []string{"ΣσςΣ"}},
	{`i`, fI, []string{"Iıİi"}},
	{`[i]+`, fI, []string{"Iıİi"}},
	{`ǅ`, fI, []string{"ǄǅǆDž"}},
	{`[À-Ý]+`, fI, []string{"àéîõü ÀÉ"}},
	{`ß`, fI, []string{"ẞß ss"}},
	{`é`, fI | fA, []string{"É é"}},
	{`[^\W\d_]+`, 0, []string{"ab12_cd é"}},
	{`.`, 0, []string{"\U0001F600x"}},
	{`\U0001F600+`, 0, []string{"\U0001F600\U0001F600!"}},
	{`[\U0001F600-\U0001F64F]`, 0, []string{"hi \U0001F642"}},
	{`x*`, 0, []string{"abxd"}},
	{`|a`, 0, []string{"abc"}},
	{`a|`, 0, []string{"abc"}},
	{`\b|a`, 0, []string{"a b"}},
	{`(?:)`, 0, []string{"ab"}},
	{`()`, 0, []string{"ab"}},
	{`(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)\11`, 0, []string{"abcdefghijkk"}},
	{`(\d+)-(\d+)`, 0, []string{"10-20 30-40"}},
	{`(\w+)=(\w*)`, 0, []string{"a=1 b= c=3"}},
	{`\s*,\s*`, 0, []string{"a , b,c ,d"}},
	{`(?:^|,)("(?:[^"]|"")*"|[^,]*)`, 0, []string{`a,"b,c",,"d""e"`}},
	{`https?://[^\s/]+(/\S*)?`, 0, []string{"see http://x.io/a?b=1 and https://y.org"}},
	{`(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})`, 0, []string{"at 2024-01-31T12:45Z"}},
	{`^\s*#`, fM, []string{"a\n  # c\n#d"}},
	{`[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*`, 0, []string{"hello New York City and Boston"}},
	{`(?i)^(?:get|post)\s+(/\S*)`, 0, []string{"GET /index.html HTTP/1.1"}},
	{`\.(?:jpe?g|png)$`, fI, []string{"photo.JPG", "x.gif"}},
	{`^[\w.+-]+$`, 0, []string{"user.name+tag", "bad name"}},
	{`(a+)+$`, 0, []string{"aaaa", "aab"}},
	{`(x+x+)+y`, 0, []string{"xxxxxxy"}},
	{`(?s)<!--.*?-->`, 0, []string{"a<!-- x\ny -->b<!--z-->"}},
	{`\$\{(\w+)\}`, 0, []string{"${a} and ${bb}"}},
	{`[.*+?]`, 0, []string{"a.b*c"}},
	{`\(\)\[\]\{\}\|\^\$\.\*\+\?`, 0, []string{"()[]{}|^$.*+?"}},
	{`\-\&\~\#\ \'\"`, 0, []string{"-&~# '\""}},
	{`\Z`, 0, []string{"ab\n"}},
	{`a{3}{2}`, 0, []string{"aaaaaa"}},
	{`(?:a{3}){2}`, 0, []string{"aaaaaaa"}},
	{`(a{2}|b)+`, 0, []string{"aabaab"}},
	{`(?:(a)|(b)|(c))+`, 0, []string{"abcab"}},
	{`(?P<x>a)(?P<y>b)?(?P<z>c)`, 0, []string{"ac"}},
	{`(?:x(y)?)+`, 0, []string{"xyx"}},
	{`(a)|(b)|(c)`, 0, []string{"c"}},
	{`(?:(a)|b)(?(1)c|d)`, 0, []string{"ac bd ad bc"}},
	{`[\s\S]+?x`, 0, []string{"ab\ncx"}},
	{`[^\n]+`, 0, []string{"ab\ncd"}},
	{`[\b]`, 0, []string{"a\bb"}},
	{`[\d-z]+`, 0, []string{"1-z2"}},
}

// errorPatterns must fail to compile with CPython's exception and message.
var errorPatterns = []struct {
	pattern string
	flags   int
}{
	{`(`, 0}, {`)`, 0}, {`a)`, 0}, {`(a`, 0}, {`(?:a`, 0}, {`*`, 0}, {`+a`, 0}, {`a**`, 0}, {`a*?*`, 0},
	{`a++?`, 0}, {`a{2}{3}*`, 0}, {`^*`, 0}, {`\b+`, 0}, {`x{5,3}`, 0}, {`x{99999999999}`, 0},
	{`[a`, 0}, {`[`, 0}, {`[a-`, 0}, {`[z-a]`, 0}, {`[\w-z]`, 0}, {`[a-\d]`, 0}, {`\q`, 0}, {`[\q]`, 0},
	{`\`, 0}, {`a\`, 0}, {`\x4`, 0}, {`\xg`, 0}, {`\u12`, 0}, {`\U1234`, 0}, {`\U00110000`, 0},
	{`\777`, 0}, {`[\777]`, 0}, {`\8`, 0}, {`[\8]`, 0}, {`\1`, 0}, {`(a)\2`, 0}, {`(a\1)`, 0},
	{`(?P<n>a)(?P<n>b)`, 0}, {`(?P<1a>x)`, 0}, {`(?P<>x)`, 0}, {`(?P<a`, 0}, {`(?P=x)`, 0},
	{`(?P<a>(?P=a))`, 0}, {`(?Px)`, 0}, {`(?P`, 0}, {`(?`, 0}, {`(?<x)`, 0}, {`(?<`, 0},
	{`(?<=a*)b`, 0}, {`(?<=a|bc)d`, 0}, {`(?<!a+)b`, 0}, {`(?<=(?P<g>a)(?P=g)*)`, 0},
	{`(?(2)a|b)`, 0}, {`(?(x)a|b)`, 0}, {`(?(1a)a|b)`, 0}, {`(?(0)a|b)`, 0}, {`(a)(?(1)a|b|c)`, 0},
	{`(?(1`, 0}, {`a(?i)`, 0}, {`(?i`, 0}, {`(?z)`, 0}, {`(?i-i:a)`, 0}, {`(?-a:a)`, 0},
	{`(?au)a`, 0}, {`(?L)a`, 0}, {`(?i-`, 0}, {`(?i-:a)`, 0}, {`(?-`, 0}, {`(?i-z:a)`, 0},
	{`(?#abc`, 0}, {`(?x)a(?#`, 0}, {`(?i:a`, 0}, {"(?x)\n(\n", 0}, {"ab\ncd(", 0}, {`(?<=\b)a`, fL},
	{`abc`, fL}, {`abc`, fA | fU}, {`(?t:a)`, 0}, {`(?=a`, 0}, {`(?>a`, 0}, {`[[:alpha:]`, 0},
	{`(?i)(?-i)a`, 0}, {`(\d+)`, 3}, {`a*?`, 1}, {`(?t)a++`, 0}, {`(?t)a|b`, 0}, {`x{2,1}`, 0}, {`(?P<a>x)(?P=a`, 0},
}

// subPatterns are exercised with sub (template), subfn, split and expand.
var subPatterns = []struct {
	pattern, subject, repl string
	flags                  int
}{
	{`x*`, "abxd", "-", 0},
	{`a|(b)`, "abcab", `[\1]`, 0},
	{`(\w+)@(\w+)`, "joe@x and ann@y", `\2 at \1`, 0},
	{`(?P<k>\w+)=(?P<v>\w+)`, "a=1, b=2", `\g<v>:\g<k>:\g<0>:\g<2>`, 0},
	{`(\d)`, "a1b2", `\g<1>0`, 0},
	{`(\d)`, "a1b2", `\10`, 0},
	{`\s+`, "a  b \t c", " ", 0},
	{`,`, "a,b,,c,", "", 0},
	{``, "abc", "-", 0},
	{`\b`, "ab cd", "|", 0},
	{`$`, "a\nb\n", "!", fM},
	{`^`, "a\nb\n", "> ", fM},
	{`(a)|b`, "ab", `<\1>`, 0},
	{`a`, "aaa", `\n\t\\`, 0},
	{`a`, "aaa", `\&`, 0},
	{`(a)`, "aaa", `\0\01\012`, 0},
	{`(a)`, "aaa", `\101`, 0},
	{`(?:)`, "", "x", 0},
	{`o`, "foo", "0", 0},
	{`(\W+)`, "Words, words, words.", `\1`, 0},
	{`\W+`, "Words, words, words.", "", 0},
	{`(?i)[aeiou]`, "Hello World", "*", 0},
	{`a*?`, "baaac", "-", 0},
	{`(?m)\s*$`, "a  \nb\t\n", "", 0},
	{`(a)(b)?`, "ac ab", `[\2]`, 0},
}

// templateErrors must fail in sub with CPython's exception and message.
var templateErrors = []struct{ pattern, repl string }{
	{`(a)`, `\2`}, {`(a)`, `\g<2>`}, {`(a)`, `\g<x>`}, {`(a)`, `\g<1`}, {`(a)`, `\g`}, {`(a)`, `\g<>`},
	{`(a)`, `\q`}, {`(a)`, `\g<-1>`}, {`(a)`, `\g<a b>`}, {`(a)`, `\400`}, {`(a)`, `\`}, {`a`, `\1`},
	{`(?P<n>a)`, `\g<m>`},
}

func intp(i int) *int { return &i }

func buildCases() []diffCase {
	var cs []diffCase
	for _, p := range matchPatterns {
		for _, s := range p.subjects {
			for _, op := range []string{"search", "match", "fullmatch", "findall", "finditer"} {
				cs = append(cs, diffCase{Pattern: p.pattern, Flags: p.flags, Op: op, Subject: s})
			}
		}
		cs = append(cs, diffCase{Pattern: p.pattern, Flags: p.flags, Op: "compile"})
	}
	for _, p := range errorPatterns {
		fl := p.flags
		if fl < 0 {
			fl = 0
		}
		cs = append(cs, diffCase{Pattern: p.pattern, Flags: fl, Op: "search", Subject: "abc"})
	}
	for _, p := range subPatterns {
		cs = append(cs,
			diffCase{Pattern: p.pattern, Flags: p.flags, Op: "sub", Subject: p.subject, Repl: p.repl},
			diffCase{Pattern: p.pattern, Flags: p.flags, Op: "sub", Subject: p.subject, Repl: p.repl, Count: 1},
			diffCase{Pattern: p.pattern, Flags: p.flags, Op: "subfn", Subject: p.subject},
			diffCase{Pattern: p.pattern, Flags: p.flags, Op: "split", Subject: p.subject},
			diffCase{Pattern: p.pattern, Flags: p.flags, Op: "split", Subject: p.subject, Count: 2},
			diffCase{Pattern: p.pattern, Flags: p.flags, Op: "expand", Subject: p.subject, Repl: p.repl},
		)
	}
	for _, t := range templateErrors {
		cs = append(cs, diffCase{Pattern: t.pattern, Op: "sub", Subject: "aaa", Repl: t.repl})
	}
	// pos and endpos.
	for _, op := range []string{"search", "match", "fullmatch", "findall", "finditer"} {
		for _, pe := range [][2]int{{1, 5}, {2, 2}, {3, 1}, {-2, 100}, {0, 4}} {
			for _, p := range []string{`^\w`, `\w+$`, `\b\w`, `(?<=a)\w`, `a*`, `\w*?`} {
				cs = append(cs, diffCase{Pattern: p, Op: op, Subject: "aab abc", Pos: intp(pe[0]), EndPos: intp(pe[1])})
			}
		}
	}
	// Bytes patterns.
	for _, p := range []struct {
		pattern string
		flags   int
		subject string
	}{
		{`\w+`, 0, "héllo wörld"}, {`(?i)É`, 0, "éÉ"}, {`[a-z]+`, fI, "ABC"}, {`\s+`, 0, "a\u0085\u00a0b c"},
		{`(\d+)`, 0, "a12b3"}, {`\u0041`, 0, "A"}, {`(?u)a`, 0, "a"}, {`a`, fU, "a"}, {`\xe9+`, 0, "\u00e9\u00e9"},
	} {
		for _, op := range []string{"search", "findall", "split"} {
			cs = append(cs, diffCase{Pattern: p.pattern, Flags: p.flags, Bytes: true, Op: op, Subject: p.subject})
		}
		cs = append(cs, diffCase{Pattern: p.pattern, Flags: p.flags, Bytes: true, Op: "sub", Subject: p.subject, Repl: `<\g<0>>`})
	}
	cs = append(cs, defaultGen.generatedCases(1500)...)
	cs = append(cs, soupCases(1000, defaultGen.seed+1)...)
	cs = append(cs, foldCases()...)
	for _, s := range []string{"a.b*c", "hello world", "tab\there\n", "é-ü~#&", "()[]{}?*+|^$\\", ""} {
		cs = append(cs, diffCase{Op: "escape", Subject: s})
	}
	return cs
}

func runOracle(t *testing.T, cases []diffCase) []any {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 (the CPython oracle) is not installed")
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "testdata/oracle.py")
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("oracle: %v\n%s", err, stderr.String())
	}
	var res []any
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("oracle output: %v", err)
	}
	if len(res) != len(cases) {
		t.Fatalf("oracle returned %d results for %d cases", len(res), len(cases))
	}
	return res
}

// latin1 turns raw bytes (a bytes pattern's results) into the oracle's latin-1 text.
func latin1(s string, isBytes bool) string {
	if !isBytes {
		return s
	}
	r := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		r[i] = rune(s[i])
	}
	return string(r)
}

func toLatin1Bytes(s string) string {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r))
	}
	return string(b)
}

func matchResult(m *Match, isBytes bool) any {
	if m == nil {
		return nil
	}
	re := m.Re()
	var spans []any
	for g := 0; g <= re.Groups(); g++ {
		s, e := m.Span(g)
		spans = append(spans, []any{float64(s), float64(e)})
	}
	groups := []any{}
	for g := 1; g <= re.Groups(); g++ {
		if t, ok := m.Group(g); ok {
			groups = append(groups, latin1(t, isBytes))
		} else {
			groups = append(groups, nil)
		}
	}
	gd := map[string]any{}
	for _, nt := range m.GroupDict() {
		if nt.Matched {
			gd[nt.Name] = latin1(nt.Text, isBytes)
		} else {
			gd[nt.Name] = nil
		}
	}
	var li, lg any
	if i, ok := m.LastIndex(); ok {
		li = float64(i)
	}
	if n, ok := m.LastGroup(); ok {
		lg = n
	}
	return map[string]any{"spans": spans, "groups": groups, "lastindex": li, "lastgroup": lg,
		"groupdict": gd, "pos": []any{float64(m.Pos()), float64(m.EndPos())}}
}

func errResult(err error) any {
	var e *Error
	if errors.As(err, &e) {
		return map[string]any{"error": e.Kind.String(), "msg": e.Error()}
	}
	return map[string]any{"error": "Go", "msg": err.Error()}
}

// runCase runs c; withASCII passes an ASCII subject as a string too
// (Limits.ASCII), which the searches then scan.
func runCase(c diffCase, withASCII bool) any {
	if c.Op == "escape" {
		return map[string]any{"s": Escape(c.Subject)}
	}
	var re *Regexp
	var err error
	if c.Bytes {
		re, err = CompileBytes([]byte(toLatin1Bytes(c.Pattern)), Flags(c.Flags))
	} else {
		re, err = Compile(c.Pattern, Flags(c.Flags))
	}
	if err != nil {
		return errResult(err)
	}
	subj := c.Subject
	if c.Bytes {
		subj = toLatin1Bytes(subj)
	}
	s := re.subjectRunes(subj)
	pos, endpos := 0, len(s)
	if c.Pos != nil {
		pos = *c.Pos
		if c.EndPos != nil {
			endpos = *c.EndPos
		}
	}
	repl := c.Repl
	if c.Bytes {
		repl = toLatin1Bytes(repl)
	}
	lim := &Limits{}
	if withASCII && !c.Bytes && len(subj) == len(s) && !strings.ContainsFunc(subj, func(r rune) bool { return r >= utf8.RuneSelf }) {
		lim.ASCII = subj
	}
	switch c.Op {
	case "search", "match", "fullmatch":
		var m *Match
		switch c.Op {
		case "search":
			m, err = re.Search(lim, s, pos, endpos)
		case "match":
			m, err = re.Match(lim, s, pos, endpos)
		default:
			m, err = re.FullMatch(lim, s, pos, endpos)
		}
		if err != nil {
			return errResult(err)
		}
		return map[string]any{"m": matchResult(m, c.Bytes)}
	case "findall":
		rows, err := re.FindAll(lim, s, pos, endpos)
		if err != nil {
			return errResult(err)
		}
		l := []any{}
		for _, row := range rows {
			r := []any{}
			for _, x := range row {
				r = append(r, latin1(x, c.Bytes))
			}
			l = append(l, r)
		}
		return map[string]any{"l": l}
	case "finditer":
		it := re.FindIter(s, pos, endpos)
		l := []any{}
		for {
			m, err := it.Next(lim)
			if err != nil {
				return errResult(err)
			}
			if m == nil {
				break
			}
			l = append(l, matchResult(m, c.Bytes).(map[string]any)["spans"])
		}
		return map[string]any{"l": l}
	case "sub":
		t, err := re.ParseTemplate(repl)
		if err != nil {
			return errResult(err)
		}
		out, n, err := re.Sub(lim, s, func(m *Match) (string, error) { return t.Expand(m), nil }, c.Count)
		if err != nil {
			return errResult(err)
		}
		return map[string]any{"s": latin1(out, c.Bytes), "n": float64(n)}
	case "subfn":
		out, n, err := re.Sub(lim, s, func(m *Match) (string, error) {
			g, _ := m.Group(0)
			r := []rune(g)
			for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
				r[i], r[j] = r[j], r[i]
			}
			li, _ := m.LastIndex()
			return "<" + string(r) + "|" + strconv.Itoa(li) + ">", nil
		}, c.Count)
		if err != nil {
			return errResult(err)
		}
		return map[string]any{"s": out, "n": float64(n)}
	case "split":
		pieces, err := re.Split(lim, s, c.Count)
		if err != nil {
			return errResult(err)
		}
		l := []any{}
		for _, p := range pieces {
			if p.Matched {
				l = append(l, latin1(p.Text, c.Bytes))
			} else {
				l = append(l, nil)
			}
		}
		return map[string]any{"l": l}
	case "compile":
		gi := map[string]any{}
		for _, ng := range re.GroupIndex() {
			gi[ng.Name] = float64(ng.Index)
		}
		return map[string]any{"groups": float64(re.Groups()), "groupindex": gi, "flags": float64(re.Flags())}
	case "expand":
		m, err := re.Search(lim, s, 0, len(s))
		if err != nil {
			return errResult(err)
		}
		if m == nil {
			return map[string]any{"s": nil}
		}
		out, err := m.Expand(repl)
		if err != nil {
			return errResult(err)
		}
		return map[string]any{"s": latin1(out, c.Bytes)}
	}
	return map[string]any{"error": "Go", "msg": "unknown op " + c.Op}
}

// TestDifferentialCPython runs every case under CPython 3.11 (one python3 process for all
// of them) and under this package, and demands identical results, errors included.
func TestDifferentialCPython(t *testing.T) {
	cases := buildCases()
	if len(cases) < 300 {
		t.Fatalf("only %d cases; the differential table must hold at least 300", len(cases))
	}
	want := runOracle(t, cases)
	failed := 0
	for i, c := range cases {
		for _, withASCII := range []bool{false, true} {
			got := runCase(c, withASCII)
			// Round-trip through JSON so both sides have the same dynamic types.
			b, _ := json.Marshal(got)
			var norm any
			_ = json.Unmarshal(b, &norm)
			if d := cmp.Diff(want[i], norm); d != "" {
				failed++
				if failed <= 40 {
					t.Errorf("case %d %s (subject as ASCII text: %v): mismatch (-cpython +ours):\n%s", i, c, withASCII, d)
				}
			}
		}
	}
	t.Logf("%d cases, %d mismatches", len(cases), failed)
}
