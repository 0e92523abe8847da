package regex

import "unsafe"

// The compiled program for the backtracking machine. Single-character items carry their
// matcher inline (unit) so that x*, [a-z]+ and .*? run as one instruction with one
// backtrack entry, like CPython's REPEAT_ONE.

type opcode uint8

const (
	opUnit        opcode = iota // match one character with u
	opString                    // match str exactly
	opAt                        // zero-width test at
	opSplit                     // try x, on failure y
	opJmp                       // goto x
	opSave                      // slot n := pos
	opRepStart                  // counter n := -1, last position n := -1
	opRepUntil                  // loop head of a general repeat: body x, exit y
	opRepUnit                   // u repeated min..max times (rep)
	opBackref                   // group n, fold
	opGroupExists               // if group n matched goto pc+1 else x
	opLook                      // look-around; body at pc+1, continuation x
	opAtomic                    // atomic group; body at pc+1, continuation x
	opSubEnd                    // end of a look-around or atomic body
	opMatch                     // end of the pattern
)

// at is a resolved position test.
type at uint8

const (
	atBOS       at = iota // \A, ^ without MULTILINE
	atBOL                 // ^ with MULTILINE
	atEOS                 // \Z
	atEOSNL               // $ without MULTILINE
	atEOL                 // $ with MULTILINE
	atWordB               // \b (Unicode)
	atNotWordB            // \B (Unicode)
	atWordBA              // \b (ASCII)
	atNotWordBA           // \B (ASCII)
)

type unitKind uint8

const (
	uChar unitKind = iota
	uNotChar
	uCharFold
	uNotCharFold
	uAny
	uAnyAll
	uClass
)

// unit matches exactly one character.
type unit struct {
	kind unitKind
	fold foldMode
	r    rune // for the fold kinds: the fold key
	cls  *charClass
}

func (u *unit) match(c rune) bool {
	switch u.kind {
	case uChar:
		return c == u.r
	case uNotChar:
		return c != u.r
	case uCharFold:
		return u.fold.key(c) == u.r
	case uNotCharFold:
		return u.fold.key(c) != u.r
	case uAny:
		return c != '\n'
	case uAnyAll:
		return true
	default:
		return u.cls.matches(c)
	}
}

type inst struct {
	op       opcode
	u        unit
	at       at
	x, y     int
	n        int
	min, max int
	rep      repKind
	neg      bool
	behind   bool
	width    int
	fold     foldMode
	str      []rune
}

type compiler struct {
	prog   []inst
	widths []*width
	nregs  int
	err    *Error
	// lim, when set, is charged with the program's array as it grows;
	// a charge that fails stops the compile (compileStop).
	lim *Limits
}

// compileStop carries a failed charge out of the compiler's recursion to
// compile, which returns its error.
type compileStop struct{ err error }

// maxCode is CPython's MAXCODE: the largest look-behind width it can encode.
const maxCode = 1<<32 - 1

func combineFlags(flags, add, del Flags) Flags {
	if add&typeFlags != 0 {
		flags &^= typeFlags
	}
	return (flags | add) &^ del
}

func foldFor(flags Flags) foldMode {
	if flags&IgnoreCase == 0 {
		return foldNone
	}
	if flags&Unicode != 0 {
		return foldUnicode
	}
	return foldASCII
}

func (c *compiler) emit(in inst) int {
	if len(c.prog) == cap(c.prog) && c.lim != nil {
		if err := c.lim.grow(nil, (cap(c.prog)+1)*int(unsafe.Sizeof(inst{}))); err != nil {
			// Unwound by compile: the half-built program is dropped.
			panic(compileStop{err})
		}
	}
	c.prog = append(c.prog, in)
	return len(c.prog) - 1
}

func (c *compiler) unitOf(n *node, flags Flags) (unit, bool) {
	fold := foldFor(flags)
	switch n.kind {
	case nLiteral, nNotLiteral:
		not := n.kind == nNotLiteral
		if fold != foldNone {
			k := uCharFold
			if not {
				k = uNotCharFold
			}
			return unit{kind: k, fold: fold, r: fold.key(n.r)}, true
		}
		k := uChar
		if not {
			k = uNotChar
		}
		return unit{kind: k, r: n.r}, true
	case nAny:
		if flags&DotAll != 0 {
			return unit{kind: uAnyAll}, true
		}
		return unit{kind: uAny}, true
	case nIn:
		return unit{kind: uClass, cls: newCharClass(n.set, n.negate, fold, flags&Unicode != 0)}, true
	}
	return unit{}, false
}

func (c *compiler) seq(nodes []*node, flags Flags) {
	for i := 0; i < len(nodes); i++ {
		n := nodes[i]
		// Runs of case-sensitive literals become one string instruction.
		if n.kind == nLiteral && foldFor(flags) == foldNone {
			j := i
			var s []rune
			for j < len(nodes) && nodes[j].kind == nLiteral {
				s = append(s, nodes[j].r)
				j++
			}
			if len(s) > 1 {
				c.emit(inst{op: opString, str: s})
				i = j - 1
				continue
			}
		}
		c.node(n, flags)
		if c.err != nil {
			return
		}
	}
}

func (c *compiler) node(n *node, flags Flags) {
	switch n.kind {
	case nLiteral, nNotLiteral, nAny, nIn:
		u, _ := c.unitOf(n, flags)
		c.emit(inst{op: opUnit, u: u})
	case nAt:
		c.emit(inst{op: opAt, at: resolveAt(n.at, flags)})
	case nBranch:
		var jumps []int
		for i, alt := range n.alts {
			if i < len(n.alts)-1 {
				split := c.emit(inst{op: opSplit})
				c.prog[split].x = split + 1
				c.seq(alt, flags)
				jumps = append(jumps, c.emit(inst{op: opJmp}))
				c.prog[split].y = len(c.prog)
			} else {
				c.seq(alt, flags)
			}
		}
		for _, j := range jumps {
			c.prog[j].x = len(c.prog)
		}
	case nSubpattern:
		inner := combineFlags(flags, n.addFlags, n.delFlags)
		if n.group >= 0 {
			c.emit(inst{op: opSave, n: 2 * n.group})
		}
		c.seq(n.body, inner)
		if n.group >= 0 {
			c.emit(inst{op: opSave, n: 2*n.group + 1})
		}
	case nRepeat:
		c.repeat(n, flags)
	case nGroupRef:
		// Backreferences compare lowered characters, without the extra case classes.
		c.emit(inst{op: opBackref, n: n.group, fold: foldFor(flags)})
	case nGroupRefExists:
		test := c.emit(inst{op: opGroupExists, n: n.group})
		c.seq(n.body, flags)
		if n.hasNo {
			j := c.emit(inst{op: opJmp})
			c.prog[test].x = len(c.prog)
			c.seq(n.no, flags)
			c.prog[j].x = len(c.prog)
		} else {
			c.prog[test].x = len(c.prog)
		}
	case nAssert:
		w := 0
		if n.behind {
			wd := seqWidth(n.body, c.widths)
			if wd.lo > maxCode {
				c.err = &Error{Kind: KindError, Msg: "looks too much behind", Pos: -1}
				return
			}
			if wd.lo != wd.hi {
				c.err = &Error{Kind: KindError, Msg: "look-behind requires fixed-width pattern", Pos: -1}
				return
			}
			w = int(wd.lo)
		}
		look := c.emit(inst{op: opLook, neg: n.neg, behind: n.behind, width: w})
		c.seq(n.body, flags)
		c.emit(inst{op: opSubEnd})
		c.prog[look].x = len(c.prog)
	case nAtomic:
		a := c.emit(inst{op: opAtomic})
		c.seq(n.body, flags)
		c.emit(inst{op: opSubEnd})
		c.prog[a].x = len(c.prog)
	}
}

func resolveAt(a atKind, flags Flags) at {
	switch a {
	case atBeginning:
		if flags&Multiline != 0 {
			return atBOL
		}
		return atBOS
	case atBeginningString:
		return atBOS
	case atEnd:
		if flags&Multiline != 0 {
			return atEOL
		}
		return atEOSNL
	case atEndString:
		return atEOS
	case atBoundary:
		if flags&Unicode != 0 {
			return atWordB
		}
		return atWordBA
	default:
		if flags&Unicode != 0 {
			return atNotWordB
		}
		return atNotWordBA
	}
}

func (c *compiler) repeat(n *node, flags Flags) {
	if flags&TemplateFlag != 0 {
		// re.TEMPLATE forbids repetition, with CPython's (internal) message.
		op := [...]string{repGreedy: "MAX_REPEAT", repLazy: "MIN_REPEAT", repPossessive: "POSSESSIVE_REPEAT"}[n.rep]
		c.err = &Error{Kind: KindError, Msg: "internal: unsupported template operator " + op, Pos: -1}
		return
	}
	if len(n.body) == 1 {
		if u, ok := c.unitOf(n.body[0], flags); ok {
			c.emit(inst{op: opRepUnit, u: u, min: n.min, max: n.max, rep: n.rep})
			return
		}
	}
	if n.rep == repPossessive {
		a := c.emit(inst{op: opAtomic})
		c.general(n, flags, repGreedy)
		c.emit(inst{op: opSubEnd})
		c.prog[a].x = len(c.prog)
		return
	}
	c.general(n, flags, n.rep)
}

func (c *compiler) general(n *node, flags Flags, rep repKind) {
	switch {
	case n.min == 1 && n.max == 1:
		c.seq(n.body, flags)
		return
	case n.min == 0 && n.max == 1:
		split := c.emit(inst{op: opSplit})
		c.seq(n.body, flags)
		if rep == repGreedy {
			c.prog[split].x, c.prog[split].y = split+1, len(c.prog)
		} else {
			c.prog[split].x, c.prog[split].y = len(c.prog), split+1
		}
		return
	case n.max == 0:
		return
	}
	reg := c.nregs
	c.nregs++
	c.emit(inst{op: opRepStart, n: reg})
	until := c.emit(inst{op: opRepUntil, n: reg, min: n.min, max: n.max, rep: rep})
	c.seq(n.body, flags)
	c.emit(inst{op: opJmp, x: until})
	c.prog[until].x = until + 1
	c.prog[until].y = len(c.prog)
}
