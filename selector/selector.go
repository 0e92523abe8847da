// Package selector parses and evaluates Kubernetes-style label selectors,
// the language admission uses to say which capabilities a token may reach:
//
//	source=mcp,team in (core, web),!dangerous
//
// A selector is a comma-separated list of requirements, all of which must
// hold:
//
//	key=value  key==value  key!=value
//	key in (v1, v2)  key notin (v1, v2)
//	key  (the label exists)  !key  (it does not)
//
// "in" and "notin" need a space on both sides ("risk in(high)" is an
// error): a deliberate narrowing of Kubernetes' syntax.
//
// As in Kubernetes, "!=" and "notin" also match when the key is absent, and
// the empty selector matches everything; deny-by-default is the caller's
// rule (an empty allow list admits nothing), not the selector's.
package selector

import (
	"fmt"
	"slices"
	"strings"
)

// Op is the operator of one requirement.
type Op string

// The operators.
const (
	Equals       Op = "="
	NotEquals    Op = "!="
	In           Op = "in"
	NotIn        Op = "notin"
	Exists       Op = "exists"
	DoesNotExist Op = "!"
)

// Requirement is one condition on one label key.
type Requirement struct {
	Key    string
	Op     Op
	Values []string // one for = and !=, sorted and unique for in and notin, none otherwise
}

// Matches reports whether labels satisfy the requirement.
func (r Requirement) Matches(labels map[string]string) bool {
	v, ok := labels[r.Key]
	switch r.Op {
	case Exists:
		return ok
	case DoesNotExist:
		return !ok
	case Equals, In:
		return ok && slices.Contains(r.Values, v)
	case NotEquals, NotIn:
		return !ok || !slices.Contains(r.Values, v)
	}
	return false
}

// String renders the requirement in canonical syntax.
func (r Requirement) String() string {
	switch r.Op {
	case Exists:
		return r.Key
	case DoesNotExist:
		return "!" + r.Key
	case Equals, NotEquals:
		return r.Key + string(r.Op) + r.Values[0]
	}
	return r.Key + " " + string(r.Op) + " (" + strings.Join(r.Values, ",") + ")"
}

// Selector is a conjunction of requirements. The zero Selector matches
// everything.
type Selector struct {
	reqs []Requirement
}

// Requirements returns the requirements, in the order written.
func (s Selector) Requirements() []Requirement { return slices.Clone(s.reqs) }

// Empty reports whether the selector has no requirements (matches all).
func (s Selector) Empty() bool { return len(s.reqs) == 0 }

// Matches reports whether labels satisfy every requirement.
func (s Selector) Matches(labels map[string]string) bool {
	for _, r := range s.reqs {
		if !r.Matches(labels) {
			return false
		}
	}
	return true
}

// String renders the selector in canonical syntax; Parse(s.String())
// gives back an equal selector.
func (s Selector) String() string {
	parts := make([]string, len(s.reqs))
	for i, r := range s.reqs {
		parts[i] = r.String()
	}
	return strings.Join(parts, ",")
}

// Error is a syntax error in a selector, at a 1-based byte column.
type Error struct {
	Selector string
	Col      int
	Msg      string
}

func (e *Error) Error() string {
	return fmt.Sprintf("selector %q: column %d: %s", e.Selector, e.Col, e.Msg)
}

// MustParse is Parse for selectors written in code; it panics on a syntax
// error, which is a bug in the program, not an input error.
func MustParse(s string) Selector {
	sel, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return sel
}

// Parse parses a selector. Whitespace between tokens is ignored.
func Parse(s string) (Selector, error) {
	p := &parser{src: s}
	var sel Selector
	p.skipSpace()
	if p.eof() {
		return sel, nil
	}
	for {
		r, err := p.requirement()
		if err != nil {
			return Selector{}, err
		}
		sel.reqs = append(sel.reqs, r)
		p.skipSpace()
		if p.eof() {
			return sel, nil
		}
		if p.src[p.pos] != ',' {
			return Selector{}, p.errorf("expected ',' between requirements, found %q", p.src[p.pos])
		}
		p.pos++
		p.skipSpace()
	}
}

type parser struct {
	src string
	pos int
}

func (p *parser) eof() bool { return p.pos >= len(p.src) }

func (p *parser) skipSpace() {
	for !p.eof() && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

func (p *parser) errorf(format string, args ...any) error {
	return &Error{Selector: p.src, Col: p.pos + 1, Msg: fmt.Sprintf(format, args...)}
}

// word reads a run of key/value characters.
func (p *parser) word() string {
	start := p.pos
	for !p.eof() && isWordChar(p.src[p.pos]) {
		p.pos++
	}
	return p.src[start:p.pos]
}

func isWordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '/'
}

func (p *parser) requirement() (Requirement, error) {
	if !p.eof() && p.src[p.pos] == '!' {
		p.pos++
		p.skipSpace()
		key, err := p.key()
		if err != nil {
			return Requirement{}, err
		}
		return Requirement{Key: key, Op: DoesNotExist}, nil
	}
	key, err := p.key()
	if err != nil {
		return Requirement{}, err
	}
	p.skipSpace()
	if p.eof() || p.src[p.pos] == ',' {
		return Requirement{Key: key, Op: Exists}, nil
	}
	switch {
	case strings.HasPrefix(p.src[p.pos:], "=="):
		p.pos += 2
		return p.single(key, Equals)
	case strings.HasPrefix(p.src[p.pos:], "!="):
		p.pos += 2
		return p.single(key, NotEquals)
	case p.src[p.pos] == '=':
		p.pos++
		return p.single(key, Equals)
	}
	at := p.pos
	switch w := p.word(); w {
	case "in", "notin":
		// A deliberate narrowing of Kubernetes' syntax: "risk in(high)"
		// is refused, so an operator is always a word of its own.
		if p.eof() || (p.src[p.pos] != ' ' && p.src[p.pos] != '\t') {
			return Requirement{}, p.errorf("%q needs a space on both sides: write %s %s (...)", w, key, w)
		}
		if w == "in" {
			return p.set(key, In)
		}
		return p.set(key, NotIn)
	case "":
		return Requirement{}, p.errorf("expected an operator (=, ==, !=, in, notin) after %q, found %q", key, p.src[p.pos])
	default:
		p.pos = at
		return Requirement{}, p.errorf("unknown operator %q after %q: want =, ==, !=, in or notin", w, key)
	}
}

func (p *parser) key() (string, error) {
	at := p.pos
	k := p.word()
	if k == "" {
		if p.eof() {
			return "", p.errorf("expected a label key, found the end")
		}
		return "", p.errorf("expected a label key, found %q", p.src[p.pos])
	}
	if msg := checkKey(k); msg != "" {
		p.pos = at
		return "", p.errorf("%s", msg)
	}
	return k, nil
}

func (p *parser) value() (string, error) {
	p.skipSpace()
	at := p.pos
	v := p.word()
	if msg := checkValue(v); msg != "" {
		p.pos = at
		return "", p.errorf("%s", msg)
	}
	return v, nil
}

func (p *parser) single(key string, op Op) (Requirement, error) {
	v, err := p.value()
	if err != nil {
		return Requirement{}, err
	}
	return Requirement{Key: key, Op: op, Values: []string{v}}, nil
}

func (p *parser) set(key string, op Op) (Requirement, error) {
	p.skipSpace()
	if p.eof() || p.src[p.pos] != '(' {
		return Requirement{}, p.errorf("expected '(' after %q", op)
	}
	p.pos++
	var vals []string
	for {
		v, err := p.value()
		if err != nil {
			return Requirement{}, err
		}
		vals = append(vals, v)
		p.skipSpace()
		if p.eof() {
			return Requirement{}, p.errorf("expected ')' to close the %s list", op)
		}
		c := p.src[p.pos]
		p.pos++
		if c == ')' {
			break
		}
		if c != ',' {
			p.pos--
			return Requirement{}, p.errorf("expected ',' or ')' in the %s list, found %q", op, c)
		}
	}
	slices.Sort(vals)
	return Requirement{Key: key, Op: op, Values: slices.Compact(vals)}, nil
}

// checkKey enforces Kubernetes' qualified-name rule: an optional DNS
// subdomain prefix and '/', then a name of at most 63 characters that starts
// and ends with a letter or digit. It returns "" when k is valid.
func checkKey(k string) string {
	prefix, name, hasPrefix := strings.Cut(k, "/")
	if !hasPrefix {
		name, prefix = prefix, ""
	}
	if hasPrefix {
		if prefix == "" || len(prefix) > 253 || strings.ContainsAny(prefix, "_/") || !alnumEnds(prefix) || !allWordChars(prefix) {
			return fmt.Sprintf("label key %q: the prefix before '/' must be a DNS subdomain", k)
		}
	}
	if strings.Contains(name, "/") {
		return fmt.Sprintf("label key %q has more than one '/'", k)
	}
	if name == "" || len(name) > 63 || !alnumEnds(name) || !allWordChars(name) {
		return fmt.Sprintf("label key %q: the name must be 1-63 characters and start and end with a letter or digit", k)
	}
	return ""
}

// checkValue enforces the label value rule: empty, or at most 63
// characters starting and ending with a letter or digit, no '/'.
func checkValue(v string) string {
	if v == "" {
		return ""
	}
	if len(v) > 63 || strings.Contains(v, "/") || !alnumEnds(v) || !allWordChars(v) {
		return fmt.Sprintf("label value %q must be at most 63 characters of letters, digits, '-', '_' and '.', starting and ending with a letter or digit", v)
	}
	return ""
}

func allWordChars(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isWordChar(s[i]) {
			return false
		}
	}
	return true
}

func alnumEnds(s string) bool {
	isAlnum := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' }
	return isAlnum(s[0]) && isAlnum(s[len(s)-1])
}

// ValidateLabels checks a label set against the key and value rules, so
// configured labels fail at load time rather than never matching.
func ValidateLabels(labels map[string]string) error {
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if msg := checkKey(k); msg != "" {
			return fmt.Errorf("%s", msg)
		}
		if msg := checkValue(labels[k]); msg != "" {
			return fmt.Errorf("label %s: %s", k, msg)
		}
	}
	return nil
}

// Contradiction reports requirements that can never all hold, which make
// the selector match nothing: "a=x,a=y", "a,!a", "a=x,a!=x",
// "a in (x),a notin (x)". It returns "" for a satisfiable selector, else a
// sentence naming the key and its requirements. A selector is a
// conjunction, so a contradiction is almost always a disjunction
// misspelled ("name=a,name=b" meant "name in (a, b)").
func (s Selector) Contradiction() string {
	byKey := map[string][]Requirement{}
	var keys []string
	for _, r := range s.reqs {
		if _, ok := byKey[r.Key]; !ok {
			keys = append(keys, r.Key)
		}
		byKey[r.Key] = append(byKey[r.Key], r)
	}
	for _, k := range keys {
		reqs := byKey[k]
		if len(reqs) < 2 {
			continue
		}
		var mustExist, mustNotExist bool
		var allowed []string // nil: any value; non-nil: one of these
		constrained := false
		excluded := map[string]bool{}
		for _, r := range reqs {
			switch r.Op {
			case Exists:
				mustExist = true
			case DoesNotExist:
				mustNotExist = true
			case Equals, In:
				mustExist = true
				if !constrained {
					allowed, constrained = slices.Clone(r.Values), true
				} else {
					allowed = slices.DeleteFunc(allowed, func(v string) bool { return !slices.Contains(r.Values, v) })
				}
			case NotEquals, NotIn:
				for _, v := range r.Values {
					excluded[v] = true
				}
			}
		}
		if constrained {
			allowed = slices.DeleteFunc(allowed, func(v string) bool { return excluded[v] })
		}
		if (mustExist && mustNotExist) || (constrained && len(allowed) == 0) {
			parts := make([]string, len(reqs))
			for i, r := range reqs {
				parts[i] = r.String()
			}
			return fmt.Sprintf("the requirements on %q (%s) can never all hold, so the selector matches nothing; requirements are joined by AND (for either value write %s in (v1, v2))", k, strings.Join(parts, ", "), k)
		}
	}
	return ""
}
