package config

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/pelletier/go-toml/v2"
)

// maxDecodeErrors bounds the wrong values one load reports. Each costs a
// decode of the file up to it, so a hostile file of many is work bounded
// by this many decodes; a reader fixes the first few anyway.
const maxDecodeErrors = 20

// decodeAll decodes data into a fresh value of root (filled by fill). The
// decoder stops at the first wrong value (a type, a duplicate, a value
// our own types refuse), so each such error is reported, the expression
// at fault is blanked (its bytes become spaces, its newlines stay, so
// every later position holds) and the file is decoded again, until it
// decodes, ends with its unknown keys (reported together), or stops at
// an error no expression can be blanked for (a syntax error: nothing
// past it is read), or maxDecodeErrors are found. blanked holds the
// tables whose values were blanked. v is valid when decoding went through
// the whole file, with the blanked values left at their defaults.
func decodeAll(name string, doc *document, root reflect.Type, fill func(reflect.Value), data []byte) (v reflect.Value, errs Errors, blanked [][]string) {
	var buf []byte // data, copied at the first blanking
	in, cur := data, doc
	for {
		v = reflect.New(root)
		fill(v.Elem())
		err := toml.NewDecoder(bytes.NewReader(in)).DisallowUnknownFields().Decode(v.Interface())
		if err == nil {
			return v, errs, blanked
		}
		var strict *toml.StrictMissingError
		if errors.As(err, &strict) {
			// The unknown keys are reported once the rest is decoded:
			// the file went through. A misspelt key leaves the one
			// meant at its default, so its table counts as blanked.
			for i := range strict.Errors {
				if k := strict.Errors[i].Key(); len(k) > 0 {
					blanked = append(blanked, k[:len(k)-1])
				}
			}
			return v, append(errs, decodeErrors(name, cur, root, err)...), blanked
		}
		es := decodeErrors(name, cur, root, err)
		errs = append(errs, es...)
		i := cur.faultyExpr(es[0])
		if i < 0 {
			return reflect.Value{}, errs, blanked
		}
		if len(errs) >= maxDecodeErrors {
			errs = append(errs, &Error{File: name, Msg: fmt.Sprintf("and maybe more problems; a file with more than %d wrong values is not read further", maxDecodeErrors)})
			return reflect.Value{}, errs, blanked
		}
		if buf == nil {
			buf = slices.Clone(data)
			in = buf
		}
		blanked = append(blanked, cur.blank(buf, i)...)
		// Scanned again: an error the decoder gives without a position
		// is placed at the first value that could have caused it, and
		// the blanked one did. Offsets are unchanged.
		cur = scanDocument(buf)
	}
}

// faultyExpr is the index of the expression an error of the decoder is
// in: the key-value whose span holds its position, else the expression
// that starts on its line (a duplicate table's header); -1 when none was
// scanned there (a syntax error stops the scan before its expression).
func (d *document) faultyExpr(e *Error) int {
	if e.Line == 0 {
		return -1
	}
	off := d.offset(pos{e.Line, e.Col})
	for i, x := range d.exprs {
		if x.kind == exprKeyValue && off >= x.start && off < x.end {
			return i
		}
	}
	for i, x := range d.exprs {
		if d.position(x.start).line == e.Line {
			return i
		}
	}
	return -1
}

// blank overwrites expression i in buf with spaces, newlines kept, and
// returns the tables it changed: a key-value's table, or the table of a
// header, which goes with the key-values under it (they would otherwise
// land in the table before).
func (d *document) blank(buf []byte, i int) [][]string {
	blankSpan := func(x expr) {
		for j := x.start; j < x.end && j < len(buf); j++ {
			if buf[j] != '\n' && buf[j] != '\r' {
				buf[j] = ' '
			}
		}
	}
	x := d.exprs[i]
	blankSpan(x)
	if x.kind == exprKeyValue {
		return [][]string{x.path[:len(x.path)-1]}
	}
	for _, y := range d.exprs[i+1:] {
		if y.kind != exprKeyValue {
			break
		}
		blankSpan(y)
	}
	return [][]string{x.path}
}

// inBlankedTable reports whether key lies in a table with a blanked
// value: a check there would compare what the file says with a default
// standing in for the blanked value, and could be wrong about it.
func inBlankedTable(key []string, tables [][]string) bool {
	for _, t := range tables {
		if len(key) >= len(t) && slices.Equal(key[:len(t)], t) {
			return true
		}
	}
	return false
}
