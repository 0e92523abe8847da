package sandbox

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"unicode/utf8"

	"github.com/toolplane/toolplane/python/jsonlike"
)

// Frames are [4-byte big-endian length][1-byte kind][payload], the length
// counting kind and payload. The host reads what a worker sends as hostile
// input: every length is checked against what is left of the frame before
// anything is allocated, and a frame longer than MaxFrameBytes is refused
// without being read.

// MaxFrameBytes bounds one frame in either direction. A run's result, a
// capability call's arguments and a chunk of output each travel in one
// frame; a value that does not fit is refused with an error that says so.
const MaxFrameBytes = 16 << 20

// maxValueDepth bounds how deeply a decoded value nests. The interpreter
// converts values nested at most 200 deep; a deeper one is not a value a
// well-behaved worker sends.
const maxValueDepth = 256

// MaxValueCost bounds what the values of one message cost once decoded:
// ValueCost per value (its slot, header or boxed number) plus the bytes of
// its strings and big integers. A frame is small on the wire and large in
// the host otherwise: eight million empty lists fit in one 16 MiB frame
// and took the host 800 MiB to decode and answer. It bounds a run's result
// and a call's arguments, in the worker (which refuses to send more, with
// an error that says so) and in the host (which kills a worker that sends
// more anyway).
const MaxValueCost = 32 << 20

// ValueCost is what one decoded value costs beyond its bytes.
const ValueCost = 24

// errValueTooCostly is a message whose values cost more than MaxValueCost.
var errValueTooCostly = fmt.Errorf("the value has more than %d items (%d MiB once decoded, at %d bytes an item plus its text)", MaxValueCost/ValueCost, MaxValueCost>>20, ValueCost)

// errFrameTooLarge is a frame over MaxFrameBytes.
var errFrameTooLarge = fmt.Errorf("frame larger than %d bytes", MaxFrameBytes)

// frameHeader is the bytes of a frame before its payload: length and kind.
const frameHeader = 5

// writeFrame writes one frame.
func writeFrame(w io.Writer, kind byte, payload []byte) error {
	if len(payload)+1 > MaxFrameBytes {
		return errFrameTooLarge
	}
	buf := make([]byte, 5, 5+len(payload))
	binary.BigEndian.PutUint32(buf, uint32(len(payload)+1))
	buf[4] = kind
	buf = append(buf, payload...)
	_, err := w.Write(buf)
	return err
}

// readFrame reads one frame.
func readFrame(r io.Reader) (kind byte, payload []byte, err error) {
	return readFrameThen(r, nil)
}

// readFrameThen reads one frame, calling started (if set) with the
// frame's length once it is known and before the rest is read.
func readFrameThen(r io.Reader, started func(n int)) (kind byte, payload []byte, err error) {
	var hdr [5]byte
	if _, err := io.ReadFull(r, hdr[:4]); err != nil {
		return 0, nil, err
	}
	n := binary.BigEndian.Uint32(hdr[:4])
	if started != nil && n > 0 && n <= MaxFrameBytes {
		started(int(n))
	}
	if n == 0 {
		return 0, nil, errors.New("empty frame")
	}
	if n > MaxFrameBytes {
		return 0, nil, errFrameTooLarge
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(r, buf); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return 0, nil, err
	}
	return buf[0], buf[1:], nil
}

// Value tags.
const (
	tagNone byte = iota
	tagFalse
	tagTrue
	tagInt
	tagBigInt
	tagFloat
	tagStr
	tagList
	tagDict
)

// enc builds a payload. cost is what its values will cost the decoder.
type enc struct {
	b    []byte
	cost int64
}

func (e *enc) byte(c byte)    { e.b = append(e.b, c) }
func (e *enc) uint(n uint64)  { e.b = binary.AppendUvarint(e.b, n) }
func (e *enc) int(n int64)    { e.b = binary.AppendVarint(e.b, n) }
func (e *enc) bytes(p []byte) { e.uint(uint64(len(p))); e.b = append(e.b, p...) }

// str writes s as UTF-8. A Python str may hold a lone surrogate ('\ud800',
// kept in WTF-8) and a binary's output any bytes, but the other side
// refuses a string that is not UTF-8 as a broken protocol (and kills a
// worker that sends one): what is not UTF-8 crosses as U+FFFD, as every
// JSON form of a value writes it (jsonlike.ValidString) and in-process runs
// show it.
func (e *enc) str(s string) {
	s = jsonlike.ValidString(s)
	e.uint(uint64(len(s)))
	e.b = append(e.b, s...)
}

func (e *enc) bool(v bool) {
	if v {
		e.byte(1)
	} else {
		e.byte(0)
	}
}
func (e *enc) strs(ss []string) {
	e.uint(uint64(len(ss)))
	for _, s := range ss {
		e.str(s)
	}
}

// value encodes a JSON-like Go value (package jsonlike): nil, bool, int64
// (and the other Go integer kinds), *big.Int, float64, string, []any,
// jsonlike.Object (members in order) and map[string]any (keys sorted, so a
// map crosses the same way every time; it decodes as an Object). Any other
// type is an error: nothing but plain data crosses the boundary.
func (e *enc) value(v any, depth int) error {
	if depth > maxValueDepth {
		return errors.New("value is nested too deeply to cross the sandbox boundary")
	}
	if e.cost += ValueCost; e.cost > MaxValueCost {
		return errValueTooCostly
	}
	switch x := v.(type) {
	case nil:
		e.byte(tagNone)
	case bool:
		if x {
			e.byte(tagTrue)
		} else {
			e.byte(tagFalse)
		}
	case int64:
		e.byte(tagInt)
		e.int(x)
	case int:
		e.byte(tagInt)
		e.int(int64(x))
	case int32:
		e.byte(tagInt)
		e.int(int64(x))
	case *big.Int:
		if x.IsInt64() {
			e.byte(tagInt)
			e.int(x.Int64())
			return nil
		}
		if e.cost += int64(len(x.Bytes())); e.cost > MaxValueCost {
			return errValueTooCostly
		}
		e.byte(tagBigInt)
		e.bool(x.Sign() < 0)
		e.bytes(x.Bytes())
	case float64:
		e.byte(tagFloat)
		e.b = binary.BigEndian.AppendUint64(e.b, math.Float64bits(x))
	case string:
		x = jsonlike.ValidString(x)
		if e.cost += int64(len(x)); e.cost > MaxValueCost {
			return errValueTooCostly
		}
		e.byte(tagStr)
		e.str(x)
	case []any:
		e.byte(tagList)
		e.uint(uint64(len(x)))
		for _, el := range x {
			if err := e.value(el, depth+1); err != nil {
				return err
			}
		}
	case jsonlike.Object:
		e.byte(tagDict)
		e.uint(uint64(len(x)))
		for _, m := range x {
			k := jsonlike.ValidString(m.Key)
			if e.cost += int64(len(k)); e.cost > MaxValueCost {
				return errValueTooCostly
			}
			e.str(k)
			if err := e.value(m.Value, depth+1); err != nil {
				return err
			}
		}
	case map[string]any:
		e.cost -= ValueCost // charged again as the Object it crosses as
		return e.value(jsonlike.FromMap(x), depth)
	default:
		return fmt.Errorf("a value of Go type %T cannot cross the sandbox boundary", v)
	}
	if len(e.b) > MaxFrameBytes {
		return errFrameTooLarge
	}
	return nil
}

// dec reads a payload. The first error sticks; every read after it
// returns zero values, so a message decoder checks err once at the end.
type dec struct {
	b    []byte
	err  error
	cost int64 // of the values decoded so far (MaxValueCost)
}

// affords reports whether n more values fit in MaxValueCost, before
// anything is allocated for them (each charges ValueCost when it is
// decoded, as the encoder charged it).
func (d *dec) affords(n int) bool {
	if d.cost+int64(n)*ValueCost > MaxValueCost && d.err == nil {
		d.fail("%v", errValueTooCostly)
	}
	return d.err == nil
}

// charge adds n to what the values decoded so far cost.
func (d *dec) charge(n int64) bool {
	if d.cost += n; d.cost > MaxValueCost && d.err == nil {
		d.fail("%v", errValueTooCostly)
	}
	return d.err == nil
}

func (d *dec) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("malformed message: "+format, args...)
	}
	d.b = nil
}

func (d *dec) byte() byte {
	if len(d.b) < 1 {
		d.fail("truncated")
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *dec) uint() uint64 {
	n, k := binary.Uvarint(d.b)
	if k <= 0 {
		d.fail("bad unsigned integer")
		return 0
	}
	d.b = d.b[k:]
	return n
}

func (d *dec) int() int64 {
	n, k := binary.Varint(d.b)
	if k <= 0 {
		d.fail("bad integer")
		return 0
	}
	d.b = d.b[k:]
	return n
}

// length reads a count of items of at least min bytes each and checks it
// against what is left, so a lying count allocates nothing.
func (d *dec) length(min int) int {
	n := d.uint()
	if n > uint64(len(d.b)/min) {
		d.fail("count %d exceeds the message", n)
		return 0
	}
	return int(n)
}

func (d *dec) raw() []byte {
	n := d.length(1)
	p := d.b[:n]
	d.b = d.b[n:]
	return p
}

// str reads a string, which must be valid UTF-8: strings from the
// interpreter are, and the host puts them in JSON and messages.
func (d *dec) str() string {
	p := d.raw()
	if !utf8.Valid(p) {
		d.fail("string is not valid UTF-8")
		return ""
	}
	return string(p)
}

func (d *dec) bool() bool {
	switch d.byte() {
	case 0:
		return false
	case 1:
		return true
	}
	d.fail("bad boolean")
	return false
}

func (d *dec) strs() []string {
	n := d.length(1)
	out := make([]string, 0, n)
	for range n {
		out = append(out, d.str())
	}
	return out
}

func (d *dec) value(depth int) any {
	if depth > maxValueDepth {
		d.fail("value nested deeper than %d", maxValueDepth)
		return nil
	}
	if !d.charge(ValueCost) {
		return nil
	}
	switch tag := d.byte(); tag {
	case tagNone:
		return nil
	case tagFalse:
		return false
	case tagTrue:
		return true
	case tagInt:
		return d.int()
	case tagBigInt:
		neg := d.bool()
		mag := d.raw()
		if !d.charge(int64(len(mag))) {
			return nil
		}
		x := new(big.Int).SetBytes(mag)
		if neg {
			x.Neg(x)
		}
		if x.IsInt64() {
			d.fail("big integer %s fits an int64", x)
		}
		return x
	case tagFloat:
		if len(d.b) < 8 {
			d.fail("truncated float")
			return nil
		}
		f := math.Float64frombits(binary.BigEndian.Uint64(d.b))
		d.b = d.b[8:]
		return f
	case tagStr:
		s := d.str()
		d.charge(int64(len(s)))
		return s
	case tagList:
		n := d.length(1)
		if !d.affords(n) {
			return nil
		}
		out := make([]any, 0, n)
		for range n {
			out = append(out, d.value(depth+1))
		}
		return out
	case tagDict:
		// Members keep their order. Keys are unique, as in the dict they
		// came from: a repeated key is a broken protocol.
		n := d.length(2)
		if !d.affords(n) {
			return nil
		}
		out := make(jsonlike.Object, 0, n)
		var seen map[string]bool
		if n > 8 {
			seen = make(map[string]bool, n)
		}
		for range n {
			k := d.str()
			d.charge(int64(len(k)))
			dup := seen[k]
			if seen == nil {
				for _, m := range out {
					dup = dup || m.Key == k
				}
			} else {
				seen[k] = true
			}
			if dup && d.err == nil {
				d.fail("repeated key %q in a dict", k)
			}
			out = append(out, jsonlike.Member{Key: k, Value: d.value(depth + 1)})
		}
		return out
	default:
		d.fail("unknown value tag %d", tag)
		return nil
	}
}

// done checks that the payload was read exactly.
func (d *dec) done() error {
	if d.err == nil && len(d.b) != 0 {
		d.err = fmt.Errorf("malformed message: %d trailing bytes", len(d.b))
	}
	return d.err
}
