package regex

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolplane/toolplane/python/internal/uniname"
)

// The parser follows CPython 3.11's re/_parser.py step for step where the order of checks
// decides which error a malformed pattern reports and at which position.

// maxNesting bounds the parser's recursion (two levels per group): 400 nested groups
// parse, as in CPython, whose recursive parser fails somewhat below 500.
const maxNesting = 2*400 + 2

const (
	specialChars = ".\\[{()*+?^$|"
	repeatChars  = "*+?{"
	verboseSpace = " \t\n\r\v\f"
)

type tokenizer struct {
	src    []rune
	isText bool
	index  int
	next   string // "" at the end of the pattern
}

func (t *tokenizer) advance() {
	i := t.index
	if i >= len(t.src) {
		t.next = ""
		return
	}
	c := t.src[i]
	if c == '\\' {
		i++
		if i >= len(t.src) {
			panic(t.errAt("bad escape (end of pattern)", len(t.src)-1))
		}
		t.next = string([]rune{'\\', t.src[i]})
	} else {
		t.next = string(c)
	}
	t.index = i + 1
}

func (t *tokenizer) match(s string) bool {
	if t.next != "" && t.next == s {
		t.advance()
		return true
	}
	return false
}

func (t *tokenizer) get() string {
	this := t.next
	t.advance()
	return this
}

func (t *tokenizer) getwhile(n int, charset string) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		c := t.next
		if c == "" || len(c) != 1 || !strings.Contains(charset, c) {
			break
		}
		b.WriteString(c)
		t.advance()
	}
	return b.String()
}

func (t *tokenizer) getuntil(term, name string) string {
	var result []rune
	for {
		c := t.next
		t.advance()
		if c == "" {
			if len(result) == 0 {
				panic(t.err("missing "+name, 0))
			}
			panic(t.err(fmt.Sprintf("missing %s, unterminated name", term), len(result)))
		}
		if c == term {
			if len(result) == 0 {
				panic(t.err("missing "+name, 1))
			}
			break
		}
		result = append(result, []rune(c)...)
	}
	return string(result)
}

func (t *tokenizer) tell() int {
	return t.index - utf8.RuneCountInString(t.next)
}

func (t *tokenizer) seek(i int) {
	t.index = i
	t.advance()
}

func (t *tokenizer) err(msg string, offset int) *Error {
	return t.errAt(msg, t.tell()-offset)
}

func (t *tokenizer) errAt(msg string, pos int) *Error {
	if !t.isText {
		msg = asciiBackslash(msg)
	}
	return &Error{Kind: KindError, Msg: msg, Pattern: string(t.src), Pos: pos}
}

func (t *tokenizer) checkGroupName(name string, offset int) {
	if !isIdentifier(name) {
		panic(t.err("bad character in group name "+pyRepr(name), utf8.RuneCountInString(name)+offset))
	}
}

func asciiBackslash(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case r <= 0xff:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	return b.String()
}

type parser struct {
	tok              tokenizer
	flags            Flags
	groupIndex       map[string]int
	groupNames       []string // by group number, "" when unnamed
	groupWidths      []*width // nil while the group is open
	lookbehindGroups int      // -1 outside look-behind
	grouprefpos      map[int]int
	grouprefOrder    []int
	depth            int
}

func (p *parser) groups() int { return len(p.groupWidths) }

func (p *parser) checkGroup(gid int) bool {
	return gid < p.groups() && p.groupWidths[gid] != nil
}

func (p *parser) checkLookbehindGroup(gid int) {
	if p.lookbehindGroups >= 0 {
		if !p.checkGroup(gid) {
			panic(p.tok.err("cannot refer to an open group", 0))
		}
		if gid >= p.lookbehindGroups {
			panic(p.tok.err("cannot refer to group defined in the same lookbehind subpattern", 0))
		}
	}
}

// parseResult is what the compiler needs from the parser.
type parseResult struct {
	seq        []*node
	flags      Flags
	groups     int
	groupIndex map[string]int
	groupNames []string
	widths     []*width
}

func parse(src []rune, isText bool, flags Flags) (res *parseResult, err error) {
	p := &parser{
		tok:              tokenizer{src: src, isText: isText},
		flags:            flags,
		groupIndex:       map[string]int{},
		groupNames:       []string{""},
		groupWidths:      []*width{nil},
		lookbehindGroups: -1,
		grouprefpos:      map[int]int{},
	}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			res, err = nil, e
		}
	}()
	p.tok.advance()
	seq := p.parseSub(flags&Verbose != 0, 0)
	fl, ferr := fixFlags(isText, p.flags)
	if ferr != nil {
		return nil, ferr
	}
	p.flags = fl
	if p.tok.next != "" {
		panic(p.tok.err("unbalanced parenthesis", 0))
	}
	for _, g := range p.grouprefOrder {
		if g >= p.groups() {
			panic(p.tok.errAt(fmt.Sprintf("invalid group reference %d", g), p.grouprefpos[g]))
		}
	}
	return &parseResult{seq: seq, flags: p.flags, groups: p.groups() - 1, groupIndex: p.groupIndex,
		groupNames: p.groupNames, widths: p.groupWidths}, nil
}

func fixFlags(isText bool, flags Flags) (Flags, error) {
	if isText {
		if flags&Locale != 0 {
			return 0, &Error{Kind: KindValueError, Msg: "cannot use LOCALE flag with a str pattern", Pos: -1}
		}
		if flags&ASCII == 0 {
			flags |= Unicode
		} else if flags&Unicode != 0 {
			return 0, &Error{Kind: KindValueError, Msg: "ASCII and UNICODE flags are incompatible", Pos: -1}
		}
	} else {
		if flags&Unicode != 0 {
			return 0, &Error{Kind: KindValueError, Msg: "cannot use UNICODE flag with a bytes pattern", Pos: -1}
		}
		if flags&Locale != 0 && flags&ASCII != 0 {
			return 0, &Error{Kind: KindValueError, Msg: "ASCII and LOCALE flags are incompatible", Pos: -1}
		}
	}
	return flags, nil
}

func (p *parser) parseSub(verbose bool, nested int) []*node {
	var items [][]*node
	for {
		items = append(items, p.parse(verbose, nested+1, nested == 0 && len(items) == 0))
		if !p.tok.match("|") {
			break
		}
		if nested == 0 {
			verbose = p.flags&Verbose != 0
		}
	}
	if len(items) == 1 {
		return items[0]
	}
	// Like CPython, a branch of single characters is a set: (?:a|b|[cd])* then runs as one
	// repeated-character instruction instead of a loop of alternations.
	var set []setItem
	for _, it := range items {
		if len(it) != 1 {
			set = nil
			break
		}
		if n := it[0]; n.kind == nLiteral {
			set = append(set, setItem{kind: sLiteral, lo: n.r, hi: n.r})
		} else if n.kind == nIn && !n.negate {
			set = append(set, n.set...)
		} else {
			set = nil
			break
		}
	}
	if set != nil {
		return []*node{{kind: nIn, set: set}}
	}
	return []*node{{kind: nBranch, alts: items}}
}

func isRepeatNode(n *node) bool { return n.kind == nRepeat }

func (p *parser) parse(verbose bool, nested int, first bool) []*node {
	if nested > maxNesting {
		panic(&Error{Kind: KindRecursionError, Msg: "maximum recursion depth exceeded", Pos: -1})
	}
	t := &p.tok
	var seq []*node
	for {
		this := t.next
		if this == "" || this == "|" || this == ")" {
			break
		}
		t.advance()
		if verbose {
			if len(this) == 1 && strings.Contains(verboseSpace, this) {
				continue
			}
			if this == "#" {
				for {
					this = t.get()
					if this == "" || this == "\n" {
						break
					}
				}
				continue
			}
		}
		switch {
		case this[0] == '\\':
			seq = append(seq, p.escape(this))
		case !strings.Contains(specialChars, this):
			r, _ := utf8.DecodeRuneInString(this)
			seq = append(seq, &node{kind: nLiteral, r: r})
		case this == "[":
			seq = append(seq, p.parseSet())
		case strings.Contains(repeatChars, this):
			here := t.tell()
			var lo, hi int
			switch this {
			case "?":
				lo, hi = 0, 1
			case "*":
				lo, hi = 0, maxRepeat
			case "+":
				lo, hi = 1, maxRepeat
			case "{":
				if t.next == "}" {
					seq = append(seq, &node{kind: nLiteral, r: '{'})
					continue
				}
				lo, hi = 0, maxRepeat
				los := t.getwhile(1<<30, "0123456789")
				his := ""
				if t.match(",") {
					his = t.getwhile(1<<30, "0123456789")
				} else {
					his = los
				}
				if !t.match("}") {
					seq = append(seq, &node{kind: nLiteral, r: '{'})
					t.seek(here)
					continue
				}
				if los != "" {
					lo = parseRepeatCount(los)
				}
				if his != "" {
					hi = parseRepeatCount(his)
					if hi < lo {
						panic(t.err("min repeat greater than max repeat", t.tell()-here))
					}
				}
			}
			if len(seq) == 0 || seq[len(seq)-1].kind == nAt {
				panic(t.err("nothing to repeat", t.tell()-here+1))
			}
			item := seq[len(seq)-1]
			if isRepeatNode(item) {
				panic(t.err("multiple repeat", t.tell()-here+1))
			}
			body := []*node{item}
			if item.kind == nSubpattern && item.group < 0 && item.addFlags == 0 && item.delFlags == 0 {
				body = item.body
			}
			rep := repGreedy
			if t.match("?") {
				rep = repLazy
			} else if t.match("+") {
				rep = repPossessive
			}
			seq[len(seq)-1] = &node{kind: nRepeat, min: lo, max: hi, rep: rep, body: body}
		case this == ".":
			seq = append(seq, &node{kind: nAny})
		case this == "(":
			n, global := p.parseGroup(verbose, nested, first, len(seq) > 0)
			if global {
				// Global flags may have switched verbose mode on.
				verbose = p.flags&Verbose != 0
			}
			if n != nil {
				seq = append(seq, n)
			}
		case this == "^":
			seq = append(seq, &node{kind: nAt, at: atBeginning})
		case this == "$":
			seq = append(seq, &node{kind: nAt, at: atEnd})
		}
	}
	// Unpack non-capturing groups without flags.
	var out []*node
	for _, n := range seq {
		if n.kind == nSubpattern && n.group < 0 && n.addFlags == 0 && n.delFlags == 0 {
			out = append(out, n.body...)
			continue
		}
		out = append(out, n)
	}
	return out
}

func parseRepeatCount(s string) int {
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil || v >= maxRepeat {
		panic(&Error{Kind: KindOverflowError, Msg: "the repetition number is too large", Pos: -1})
	}
	return int(v)
}

// parseGroup parses what follows "(". n is nil for comments and global flags; global
// reports global flags, after which the caller recomputes verbose mode.
func (p *parser) parseGroup(verbose bool, nested int, first, haveItems bool) (n *node, global bool) {
	t := &p.tok
	start := t.tell() - 1
	capture := true
	atomic := false
	name := ""
	hasName := false
	var addFlags, delFlags Flags
	if t.match("?") {
		char := t.get()
		if char == "" {
			panic(t.err("unexpected end of pattern", 0))
		}
		switch {
		case char == "P":
			if t.match("<") {
				name = t.getuntil(">", "group name")
				hasName = true
				t.checkGroupName(name, 1)
			} else if t.match("=") {
				name = t.getuntil(")", "group name")
				t.checkGroupName(name, 1)
				gid, ok := p.groupIndex[name]
				if !ok {
					panic(t.err("unknown group name "+pyRepr(name), utf8.RuneCountInString(name)+1))
				}
				if !p.checkGroup(gid) {
					panic(t.err("cannot refer to an open group", utf8.RuneCountInString(name)+1))
				}
				p.checkLookbehindGroup(gid)
				return &node{kind: nGroupRef, group: gid}, false
			} else {
				c := t.get()
				if c == "" {
					panic(t.err("unexpected end of pattern", 0))
				}
				panic(t.err("unknown extension ?P"+c, utf8.RuneCountInString(c)+2))
			}
		case char == ":":
			capture = false
		case char == "#":
			for {
				if t.next == "" {
					panic(t.err("missing ), unterminated comment", t.tell()-start))
				}
				if t.get() == ")" {
					break
				}
			}
			return nil, false
		case char == "=" || char == "!" || char == "<":
			behind := false
			saved := p.lookbehindGroups
			if char == "<" {
				char = t.get()
				if char == "" {
					panic(t.err("unexpected end of pattern", 0))
				}
				if char != "=" && char != "!" {
					panic(t.err("unknown extension ?<"+char, utf8.RuneCountInString(char)+2))
				}
				behind = true
				if saved < 0 {
					p.lookbehindGroups = p.groups()
				}
			}
			body := p.parseSub(verbose, nested+1)
			if behind && saved < 0 {
				p.lookbehindGroups = -1
			}
			if !t.match(")") {
				panic(t.err("missing ), unterminated subpattern", t.tell()-start))
			}
			return &node{kind: nAssert, behind: behind, neg: char == "!", body: body}, false
		case char == "(":
			condname := t.getuntil(")", "group name")
			nlen := utf8.RuneCountInString(condname)
			var condgroup int
			if isIdentifier(condname) {
				t.checkGroupName(condname, 1)
				g, ok := p.groupIndex[condname]
				if !ok {
					panic(t.err("unknown group name "+pyRepr(condname), nlen+1))
				}
				condgroup = g
			} else {
				v, ok := pyInt(condname)
				if !ok || v < 0 {
					panic(t.err("bad character in group name "+pyRepr(condname), nlen+1))
				}
				if v == 0 {
					panic(t.err("bad group number", nlen+1))
				}
				if v >= maxGroups {
					panic(t.err(fmt.Sprintf("invalid group reference %d", v), nlen+1))
				}
				condgroup = v
				if _, seen := p.grouprefpos[condgroup]; !seen {
					p.grouprefpos[condgroup] = t.tell() - nlen - 1
					p.grouprefOrder = append(p.grouprefOrder, condgroup)
				}
			}
			p.checkLookbehindGroup(condgroup)
			yes := p.parse(verbose, nested+1, false)
			var no []*node
			hasNo := false
			if t.match("|") {
				no = p.parse(verbose, nested+1, false)
				hasNo = true
				if t.next == "|" {
					panic(t.err("conditional backref with more than two branches", 0))
				}
			}
			if !t.match(")") {
				panic(t.err("missing ), unterminated subpattern", t.tell()-start))
			}
			return &node{kind: nGroupRefExists, group: condgroup, body: yes, no: no, hasNo: hasNo}, false
		case char == ">":
			capture = false
			atomic = true
		case len(char) == 1 && (strings.Contains(inlineFlagChars, char) || char == "-"):
			add, del, isGlobal := p.parseFlags(char)
			if isGlobal {
				if !first || haveItems {
					panic(t.err("global flags not at the start of the expression", t.tell()-start))
				}
				return nil, true
			}
			addFlags, delFlags = add, del
			capture = false
		default:
			panic(t.err("unknown extension ?"+char, utf8.RuneCountInString(char)+1))
		}
	}
	group := -1
	if capture {
		group = p.groups()
		if group+1 > maxGroups {
			panic(t.err("too many groups", utf8.RuneCountInString(name)+1))
		}
		p.groupWidths = append(p.groupWidths, nil)
		p.groupNames = append(p.groupNames, name)
		if hasName {
			if og, ok := p.groupIndex[name]; ok {
				panic(t.err(fmt.Sprintf("redefinition of group name %s as group %d; was group %d",
					pyRepr(name), group, og), utf8.RuneCountInString(name)+1))
			}
			p.groupIndex[name] = group
		}
	}
	subVerbose := (verbose || addFlags&Verbose != 0) && delFlags&Verbose == 0
	body := p.parseSub(subVerbose, nested+1)
	if !t.match(")") {
		panic(t.err("missing ), unterminated subpattern", t.tell()-start))
	}
	if group >= 0 {
		w := seqWidth(body, p.groupWidths)
		p.groupWidths[group] = &w
	}
	if atomic {
		return &node{kind: nAtomic, body: body}, false
	}
	return &node{kind: nSubpattern, group: group, addFlags: addFlags, delFlags: delFlags, body: body}, false
}

const inlineFlagChars = "iLmsxatu"

func flagOf(c string) Flags {
	switch c {
	case "i":
		return IgnoreCase
	case "L":
		return Locale
	case "m":
		return Multiline
	case "s":
		return DotAll
	case "x":
		return Verbose
	case "a":
		return ASCII
	case "t":
		return TemplateFlag
	case "u":
		return Unicode
	}
	return 0
}

func isFlagChar(c string) bool { return len(c) == 1 && strings.Contains(inlineFlagChars, c) }

func isAlphaToken(c string) bool {
	r, _ := utf8.DecodeRuneInString(c)
	return utf8.RuneCountInString(c) == 1 && unicode.IsLetter(r)
}

const typeFlags = ASCII | Locale | Unicode
const globalFlags = Debug | TemplateFlag

func (p *parser) parseFlags(char string) (add, del Flags, global bool) {
	t := &p.tok
	if char != "-" {
		for {
			flag := flagOf(char)
			if t.isText {
				if char == "L" {
					panic(t.err("bad inline flags: cannot use 'L' flag with a str pattern", 0))
				}
			} else if char == "u" {
				panic(t.err("bad inline flags: cannot use 'u' flag with a bytes pattern", 0))
			}
			add |= flag
			if flag&typeFlags != 0 && add&typeFlags != flag {
				panic(t.err("bad inline flags: flags 'a', 'u' and 'L' are incompatible", 0))
			}
			char = t.get()
			if char == "" {
				panic(t.err("missing -, : or )", 0))
			}
			if char == ")" || char == "-" || char == ":" {
				break
			}
			if !isFlagChar(char) {
				msg := "missing -, : or )"
				if isAlphaToken(char) {
					msg = "unknown flag"
				}
				panic(t.err(msg, utf8.RuneCountInString(char)))
			}
		}
	}
	if char == ")" {
		p.flags |= add
		return 0, 0, true
	}
	if add&globalFlags != 0 {
		panic(t.err("bad inline flags: cannot turn on global flag", 1))
	}
	if char == "-" {
		char = t.get()
		if char == "" {
			panic(t.err("missing flag", 0))
		}
		if !isFlagChar(char) {
			msg := "missing flag"
			if isAlphaToken(char) {
				msg = "unknown flag"
			}
			panic(t.err(msg, utf8.RuneCountInString(char)))
		}
		for {
			flag := flagOf(char)
			if flag&typeFlags != 0 {
				panic(t.err("bad inline flags: cannot turn off flags 'a', 'u' and 'L'", 0))
			}
			del |= flag
			char = t.get()
			if char == "" {
				panic(t.err("missing :", 0))
			}
			if char == ":" {
				break
			}
			if !isFlagChar(char) {
				msg := "missing :"
				if isAlphaToken(char) {
					msg = "unknown flag"
				}
				panic(t.err(msg, utf8.RuneCountInString(char)))
			}
		}
	}
	if del&globalFlags != 0 {
		panic(t.err("bad inline flags: cannot turn off global flag", 1))
	}
	if add&del != 0 {
		panic(t.err("bad inline flags: flag turned on and off", 1))
	}
	return add, del, false
}

// pyInt parses s as Python's int(s) does for the forms group references use.
func pyInt(s string) (int, bool) {
	s = strings.TrimFunc(s, unicode.IsSpace)
	neg := false
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return 0, false
	}
	v := 0
	prevUnderscore := true
	for _, r := range s {
		if r == '_' {
			if prevUnderscore {
				return 0, false
			}
			prevUnderscore = true
			continue
		}
		d := unicodeDigitValue(r)
		if d < 0 {
			return 0, false
		}
		prevUnderscore = false
		if v > (1<<62)/10 {
			v = 1 << 62
			continue
		}
		v = v*10 + d
	}
	if prevUnderscore {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

func unicodeDigitValue(r rune) int {
	if r >= '0' && r <= '9' {
		return int(r - '0')
	}
	if !unicode.Is(unicode.Nd, r) {
		return -1
	}
	// Decimal digits come in runs of whole blocks of ten, each starting at a zero.
	z := r
	for unicode.Is(unicode.Nd, z-1) {
		z--
	}
	return int(r-z) % 10
}

var escapeLiterals = map[byte]rune{'a': '\a', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v', '\\': '\\'}

const hexDigits = "0123456789abcdefABCDEF"
const octDigits = "01234567"
const digits = "0123456789"

func isASCIILetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

// escapeCommon handles the escapes shared by patterns and classes: \x \u \U \N.
// It returns ok=false when the escape is not one of them.
func (p *parser) escapeNumeric(esc string, c byte) (rune, bool) {
	t := &p.tok
	switch {
	case c == 'x':
		esc += t.getwhile(2, hexDigits)
		if len(esc) != 4 {
			panic(t.err("incomplete escape "+esc, len(esc)))
		}
		v, _ := strconv.ParseUint(esc[2:], 16, 32)
		return rune(v), true
	case c == 'u' && t.isText:
		esc += t.getwhile(4, hexDigits)
		if len(esc) != 6 {
			panic(t.err("incomplete escape "+esc, len(esc)))
		}
		v, _ := strconv.ParseUint(esc[2:], 16, 32)
		return rune(v), true
	case c == 'U' && t.isText:
		esc += t.getwhile(8, hexDigits)
		if len(esc) != 10 {
			panic(t.err("incomplete escape "+esc, len(esc)))
		}
		v, _ := strconv.ParseUint(esc[2:], 16, 32)
		if v > unicode.MaxRune {
			panic(t.err("bad escape "+esc, len(esc)))
		}
		return rune(v), true
	case c == 'N' && t.isText:
		// A named character, as sre_parse reads it.
		if !t.match("{") {
			panic(t.err("missing {", 0))
		}
		name := t.getuntil("}", "character name")
		r, ok := uniname.Lookup(name)
		if !ok {
			panic(t.err("undefined character name "+pyRepr(name), utf8.RuneCountInString(name)+len(`\N{}`)))
		}
		return r, true
	}
	return 0, false
}

var categoryEscapes = map[byte]category{'d': catDigit, 'D': catNotDigit, 's': catSpace, 'S': catNotSpace, 'w': catWord, 'W': catNotWord}

// classEscape parses an escape inside [...]. It returns a literal or a category item.
func (p *parser) classEscape(esc string) setItem {
	t := &p.tok
	c := esc[1]
	if len(esc) == 2 {
		if r, ok := escapeLiterals[c]; ok {
			return setItem{kind: sLiteral, lo: r, hi: r}
		}
		if cat, ok := categoryEscapes[c]; ok {
			return setItem{kind: sCategory, cat: cat}
		}
	}
	if len(esc) == 2 {
		if r, ok := p.escapeNumeric(esc, c); ok {
			return setItem{kind: sLiteral, lo: r, hi: r}
		}
		if strings.IndexByte(octDigits, c) >= 0 {
			esc += t.getwhile(2, octDigits)
			v, _ := strconv.ParseUint(esc[1:], 8, 32)
			if v > 0o377 {
				panic(t.err(fmt.Sprintf("octal escape value %s outside of range 0-0o377", esc), len(esc)))
			}
			return setItem{kind: sLiteral, lo: rune(v), hi: rune(v)}
		}
		if strings.IndexByte(digits, c) >= 0 {
			panic(t.err("bad escape "+esc, len(esc)))
		}
		if isASCIILetter(c) {
			panic(t.err("bad escape "+esc, len(esc)))
		}
	}
	r, _ := utf8.DecodeRuneInString(esc[1:])
	return setItem{kind: sLiteral, lo: r, hi: r}
}

// escape parses an escape outside a class.
func (p *parser) escape(esc string) *node {
	t := &p.tok
	c := esc[1]
	if len(esc) == 2 {
		switch c {
		case 'A':
			return &node{kind: nAt, at: atBeginningString}
		case 'b':
			return &node{kind: nAt, at: atBoundary}
		case 'B':
			return &node{kind: nAt, at: atNonBoundary}
		case 'Z':
			return &node{kind: nAt, at: atEndString}
		}
		if cat, ok := categoryEscapes[c]; ok {
			return &node{kind: nIn, set: []setItem{{kind: sCategory, cat: cat}}}
		}
		if r, ok := escapeLiterals[c]; ok {
			return &node{kind: nLiteral, r: r}
		}
		if r, ok := p.escapeNumeric(esc, c); ok {
			return &node{kind: nLiteral, r: r}
		}
		if c == '0' {
			esc += t.getwhile(2, octDigits)
			v, _ := strconv.ParseUint(esc[1:], 8, 32)
			return &node{kind: nLiteral, r: rune(v)}
		}
		if c >= '1' && c <= '9' {
			if len(t.next) == 1 && strings.Contains(digits, t.next) {
				esc += t.get()
				if strings.IndexByte(octDigits, esc[1]) >= 0 && strings.IndexByte(octDigits, esc[2]) >= 0 &&
					len(t.next) == 1 && strings.Contains(octDigits, t.next) {
					esc += t.get()
					v, _ := strconv.ParseUint(esc[1:], 8, 32)
					if v > 0o377 {
						panic(t.err(fmt.Sprintf("octal escape value %s outside of range 0-0o377", esc), len(esc)))
					}
					return &node{kind: nLiteral, r: rune(v)}
				}
			}
			group, _ := strconv.Atoi(esc[1:])
			if group < p.groups() {
				if !p.checkGroup(group) {
					panic(t.err("cannot refer to an open group", len(esc)))
				}
				p.checkLookbehindGroup(group)
				return &node{kind: nGroupRef, group: group}
			}
			panic(t.err(fmt.Sprintf("invalid group reference %d", group), len(esc)-1))
		}
		if isASCIILetter(c) {
			panic(t.err("bad escape "+esc, len(esc)))
		}
	}
	r, _ := utf8.DecodeRuneInString(esc[1:])
	return &node{kind: nLiteral, r: r}
}

func (p *parser) parseSet() *node {
	t := &p.tok
	here := t.tell() - 1
	var set []setItem
	negate := t.match("^")
	itemText := func(s string) int { return utf8.RuneCountInString(s) }
	for {
		this := t.get()
		if this == "" {
			panic(t.err("unterminated character set", t.tell()-here))
		}
		if this == "]" && len(set) > 0 {
			break
		}
		var code1 setItem
		if this[0] == '\\' {
			code1 = p.classEscape(this)
		} else {
			r, _ := utf8.DecodeRuneInString(this)
			code1 = setItem{kind: sLiteral, lo: r, hi: r}
		}
		if t.match("-") {
			that := t.get()
			if that == "" {
				panic(t.err("unterminated character set", t.tell()-here))
			}
			if that == "]" {
				set = append(set, code1, setItem{kind: sLiteral, lo: '-', hi: '-'})
				break
			}
			var code2 setItem
			if that[0] == '\\' {
				code2 = p.classEscape(that)
			} else {
				r, _ := utf8.DecodeRuneInString(that)
				code2 = setItem{kind: sLiteral, lo: r, hi: r}
			}
			if code1.kind != sLiteral || code2.kind != sLiteral || code2.lo < code1.lo {
				msg := fmt.Sprintf("bad character range %s-%s", this, that)
				panic(t.err(msg, itemText(this)+1+itemText(that)))
			}
			set = append(set, setItem{kind: sRange, lo: code1.lo, hi: code2.lo})
		} else {
			set = append(set, code1)
		}
	}
	if len(set) == 1 && set[0].kind == sLiteral {
		if negate {
			return &node{kind: nNotLiteral, r: set[0].lo}
		}
		return &node{kind: nLiteral, r: set[0].lo}
	}
	return &node{kind: nIn, set: set, negate: negate}
}
