package csv

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/toolplane/toolplane/python/vm"
)

// Parser states of CPython's _csv reader.
const (
	startRecord = iota
	startField
	escapedChar
	inField
	inQuotedField
	escapeInQuotedField
	quoteInQuotedField
	eatCRNL
	afterEscapedCRNL
)

const (
	quoteNone       = 3
	quoteNonnumeric = 2
	eol             = -2 // the end-of-line pseudo character
)

// recordReader parses records with the dialect of one csv.reader.
type recordReader struct {
	delim, quote, escape rune // -1 when unset
	doublequote, skipSp  bool
	strict               bool
	quoting              int
	limit                int
	errCls               *vm.Class

	state   int
	fields  []vm.Value
	field   strings.Builder
	flen    int
	numeric bool
}

func (r *recordReader) fail(msg string) error { return vm.NewException(r.errCls, vm.Str(msg)) }

func (r *recordReader) save() error {
	s := r.field.String()
	r.field.Reset()
	r.flen = 0
	if r.numeric {
		r.numeric = false
		f, err := strconv.ParseFloat(strings.TrimSpace(strings.ReplaceAll(s, "_", "")), 64)
		if err != nil || strings.ContainsAny(s, "xXpP") {
			return vm.Errorf(vm.ValueErrorClass, "could not convert string to float: %s", vm.StrQuote(s))
		}
		r.fields = append(r.fields, vm.Float(f))
		return nil
	}
	r.fields = append(r.fields, vm.Str(s))
	return nil
}

func (r *recordReader) add(c rune) error {
	if r.flen >= r.limit {
		return r.fail("field larger than field limit (" + strconv.Itoa(r.limit) + ")")
	}
	r.field.WriteRune(c)
	r.flen++
	return nil
}

func isNL(c rune) bool { return c == '\n' || c == '\r' }

// process feeds one character (or eol) to the state machine of CPython's _csv.c.
func (r *recordReader) process(c rune) error {
	switch r.state {
	case startRecord:
		if c == eol {
			return nil
		}
		if isNL(c) {
			r.state = eatCRNL
			return nil
		}
		r.state = startField
		fallthrough
	case startField:
		switch {
		case isNL(c) || c == eol:
			if err := r.save(); err != nil {
				return err
			}
			if c == eol {
				r.state = startRecord
			} else {
				r.state = eatCRNL
			}
		case c == r.quote && r.quoting != quoteNone:
			r.state = inQuotedField
		case c == r.escape:
			r.state = escapedChar
		case c == ' ' && r.skipSp:
		case c == r.delim:
			return r.save()
		default:
			if r.quoting == quoteNonnumeric {
				r.numeric = true
			}
			r.state = inField
			return r.add(c)
		}
	case escapedChar:
		if isNL(c) {
			r.state = afterEscapedCRNL
			return r.add(c)
		}
		if c == eol {
			c = '\n'
		}
		r.state = inField
		return r.add(c)
	case afterEscapedCRNL:
		if c == eol {
			return nil
		}
		r.state = inField
		return r.process(c)
	case inField:
		switch {
		case isNL(c) || c == eol:
			if err := r.save(); err != nil {
				return err
			}
			if c == eol {
				r.state = startRecord
			} else {
				r.state = eatCRNL
			}
		case c == r.escape:
			r.state = escapedChar
		case c == r.delim:
			r.state = startField
			return r.save()
		default:
			return r.add(c)
		}
	case inQuotedField:
		switch {
		case c == eol:
		case c == r.escape:
			r.state = escapeInQuotedField
		case c == r.quote && r.quoting != quoteNone:
			if r.doublequote {
				r.state = quoteInQuotedField
			} else {
				r.state = inField
			}
		default:
			return r.add(c)
		}
	case escapeInQuotedField:
		if c == eol {
			c = '\n'
		}
		r.state = inQuotedField
		return r.add(c)
	case quoteInQuotedField:
		switch {
		case r.quoting != quoteNone && c == r.quote:
			r.state = inQuotedField
			return r.add(c)
		case c == r.delim:
			r.state = startField
			return r.save()
		case isNL(c) || c == eol:
			if err := r.save(); err != nil {
				return err
			}
			if c == eol {
				r.state = startRecord
			} else {
				r.state = eatCRNL
			}
		case !r.strict:
			r.state = inField
			return r.add(c)
		default:
			return r.fail("'" + string(r.delim) + "' expected after '" + string(r.quote) + "'")
		}
	case eatCRNL:
		switch {
		case isNL(c):
		case c == eol:
			r.state = startRecord
		default:
			return r.fail("new-line character seen in unquoted field - do you need to open the file in universal-newline mode?")
		}
	}
	return nil
}

func optRune(v vm.Value) rune {
	if s, ok := vm.AsStr(v); ok && len(s) > 0 {
		return []rune(string(s))[0]
	}
	return -1
}

func asInt(v vm.Value) int {
	switch x := v.(type) {
	case vm.Int:
		return int(x)
	case vm.Bool:
		if x {
			return 1
		}
	case *big.Int:
		if x.IsInt64() {
			return int(x.Int64())
		}
		return 1 << 62
	}
	return 0
}

// readRecord is csv.py's _read_record(it, params, limit, Error): it reads lines from
// the iterator it until one record is complete and returns (fields, lines read), or
// None at the end of the input. params is (delimiter, quotechar, escapechar,
// doublequote, skipinitialspace, quoting, strict) with "" for an unset character.
func readRecord(t *vm.Thread, args vm.Tuple, kw []vm.Kwarg) (vm.Value, error) {
	if len(args) != 4 {
		return nil, vm.Errorf(vm.TypeErrorClass, "_read_record() takes 4 arguments")
	}
	p, ok := args[1].(vm.Tuple)
	errCls, ok2 := args[3].(*vm.Class)
	if !ok || !ok2 || len(p) != 7 || !errCls.IsSubclass(vm.ExceptionClass) {
		return nil, vm.Errorf(vm.TypeErrorClass, "_read_record(): bad dialect parameters")
	}
	r := &recordReader{
		delim: optRune(p[0]), quote: optRune(p[1]), escape: optRune(p[2]),
		quoting: asInt(p[5]), limit: asInt(args[2]), errCls: errCls,
	}
	var err error
	if r.doublequote, err = t.Truth(p[3]); err != nil {
		return nil, err
	}
	if r.skipSp, err = t.Truth(p[4]); err != nil {
		return nil, err
	}
	if r.strict, err = t.Truth(p[6]); err != nil {
		return nil, err
	}
	lines := 0
	for {
		v, ok, err := t.Next(args[0])
		if err != nil {
			return nil, err
		}
		if !ok {
			if r.flen != 0 || r.state == inQuotedField {
				if r.strict {
					return nil, r.fail("unexpected end of data")
				}
				if err := r.save(); err != nil {
					return nil, err
				}
				break
			}
			if lines == 0 && len(r.fields) == 0 {
				return vm.None, nil
			}
			break
		}
		line, isStr := vm.AsStr(v)
		if !isStr {
			return nil, r.fail("iterator should return strings, not " + vm.TypeName(v) + " (the file should be opened in text mode)")
		}
		lines++
		for _, c := range string(line) {
			if err := r.process(c); err != nil {
				return nil, err
			}
		}
		if err := r.process(eol); err != nil {
			return nil, err
		}
		if r.state == startRecord {
			break
		}
	}
	if r.fields == nil {
		r.fields = []vm.Value{}
	}
	return vm.Tuple{t.NewList(r.fields), vm.Int(lines)}, nil
}
