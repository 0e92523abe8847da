package vm

import (
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// asciiChars holds the one-character strings of ASCII, boxed once, so that
// s[i] and iteration over ASCII text allocate nothing.
var asciiChars = func() (t [utf8.RuneSelf]Value) {
	for i := range t {
		t[i] = Str(string(rune(i)))
	}
	return t
}()

// smallIntStrs holds str(n) for 0 <= n < len(smallIntStrs), boxed once:
// the text of loop counters and small numbers in f-strings and str()
// allocates nothing.
var smallIntStrs = func() (t [256]Value) {
	for i := range t {
		t[i] = Str(strconv.Itoa(i))
	}
	return t
}()

// intStr returns str(n) as a Value, from smallIntStrs when it is there.
func intStr(n Int) Value {
	if n >= 0 && n < Int(len(smallIntStrs)) {
		return smallIntStrs[n]
	}
	var digits [20]byte
	d := strconv.AppendInt(digits[:0], int64(n), 10)
	if strOneBlock[len(d)] {
		v, buf := newStrBlock(len(d))
		copy(buf, d)
		return v
	}
	return Str(d)
}

// strIndexMin is the length below which a string is scanned rather than
// looked up: for short strings the scan is cheaper than the cache.
const strIndexMin = 64

// strIndexStride is the distance in code points between the byte offsets
// an index records for a non-ASCII string.
const strIndexStride = 32

// strIndexCache remembers, for the last few long strings a thread indexed,
// whether they are ASCII and (if not) where every strIndexStride-th code
// point starts. It makes len(s), s[i] and s[a:b] O(1) for ASCII text and
// O(strIndexStride) for other text when a loop indexes the same string
// again and again. It is direct-mapped by the string's address and length;
// an entry holds its string, so the address cannot be reused by another
// string while the entry lives.
type strIndexCache struct {
	slots [16]strIndexEntry
	// work counts the steps of scanning done by misses and slices since
	// the thread last took it (takeWork).
	work int
}

// takeWork returns the steps of work done since the last call.
func (c *strIndexCache) takeWork() int {
	w := c.work
	c.work = 0
	return w
}

type strIndexEntry struct {
	s     string
	n     int   // code points
	marks []int // byte offset of code point k*strIndexStride; nil when ASCII
}

// entry returns the index of s, building it on a miss.
func (c *strIndexCache) entry(s string) *strIndexEntry {
	p := unsafe.StringData(s)
	h := (uintptr(unsafe.Pointer(p))>>4 ^ uintptr(len(s))) % uintptr(len(c.slots))
	e := &c.slots[h]
	if len(e.s) == len(s) && unsafe.StringData(e.s) == p {
		return e
	}
	e.s, e.marks = s, nil
	// The ASCII check reads a word at a time; marking visits each byte.
	c.work += len(s) / BytesPerStep
	if asciiOnly(s) {
		e.n = len(s)
		return e
	}
	c.work += len(s) / CharsPerStep
	marks := make([]int, 0, len(s)/strIndexStride+1)
	n := 0
	for i := range s {
		if n%strIndexStride == 0 {
			marks = append(marks, i)
		}
		n++
	}
	e.n, e.marks = n, marks
	return e
}

// info returns the number of code points of s and whether s is ASCII.
func (c *strIndexCache) info(s string) (n int, ascii bool) {
	if len(s) < strIndexMin {
		if asciiOnly(s) {
			return len(s), true
		}
		return utf8.RuneCountInString(s), false
	}
	e := c.entry(s)
	return e.n, e.marks == nil
}

// offset returns the byte offset of code point i of s (0 <= i <= the
// number of code points).
func (c *strIndexCache) offset(s string, i int) int {
	var start, skip int
	if len(s) < strIndexMin {
		skip = i
	} else {
		e := c.entry(s)
		if e.marks == nil {
			return i
		}
		if i >= e.n {
			return len(s)
		}
		start, skip = e.marks[i/strIndexStride], i%strIndexStride
	}
	for j := start; j < len(s); {
		if skip == 0 {
			return j
		}
		if s[j] < utf8.RuneSelf {
			j++
		} else {
			_, size := utf8.DecodeRuneInString(s[j:])
			j += size
		}
		skip--
	}
	return len(s)
}

// runeLen is len(s) in code points.
func (c *strIndexCache) runeLen(s Str) int {
	n, _ := c.info(string(s))
	return n
}

// item is s[i] for an integer index i.
func (c *strIndexCache) item(s Str, i int64) (Value, error) {
	n, ascii := c.info(string(s))
	if i < 0 {
		i += int64(n)
	}
	if i < 0 || i >= int64(n) {
		return nil, Errorf(IndexErrorClass, "string index out of range")
	}
	if ascii {
		return asciiChars[s[i]], nil
	}
	off := c.offset(string(s), int(i))
	if s[off] < utf8.RuneSelf {
		return asciiChars[s[off]], nil
	}
	_, size := utf8.DecodeRuneInString(string(s[off:]))
	return s[off : off+size], nil
}

// slice is s[sl] for a slice object.
func (c *strIndexCache) slice(t *Thread, s Str, sl *Slice) (Value, error) {
	n, ascii := c.info(string(s))
	start, stop, step, err := t.sliceIndices(sl, n)
	if err != nil {
		return nil, err
	}
	if step == 1 {
		if stop <= start {
			return Str(""), nil
		}
		if start == 0 && stop == n {
			return s, nil
		}
		if ascii {
			return t.subStrT(string(s), string(s[start:stop]))
		}
		return t.subStrT(string(s), string(s[c.offset(string(s), start):c.offset(string(s), stop)]))
	}
	k := sliceLen(start, stop, step)
	if k == 1 {
		return c.item(s, int64(start))
	}
	if ascii {
		c.work += k / CharsPerStep
		buf := make([]byte, 0, k)
		for i, j := 0, start; i < k; i, j = i+1, j+step {
			buf = append(buf, s[j])
		}
		return Str(buf), t.chargeNew(int64(len(buf)))
	}
	// Walked in place from the first character taken: a copy of the
	// code points took 4 bytes for each, twice, uncharged (236 MiB at the
	// peak for s[::-1] of a 30 MB string under a 64 MiB limit).
	c.work += len(s) / CharsPerStep
	str := string(s)
	buf := make([]byte, 0, min(len(str), k*utf8.UTFMax))
	off := c.offset(str, start)
	for i := 0; i < k; i++ {
		_, size := utf8.DecodeRuneInString(str[off:])
		buf = append(buf, str[off:off+size]...)
		if i == k-1 {
			break
		}
		if step > 0 {
			off += size
			for skip := step - 1; skip > 0; skip-- {
				_, n := utf8.DecodeRuneInString(str[off:])
				off += n
			}
		} else {
			for skip := -step; skip > 0; skip-- {
				_, n := utf8.DecodeLastRuneInString(str[:off])
				off -= n
			}
		}
	}
	return Str(buf), t.chargeNew(int64(len(buf)))
}

// strIndexWork counts the scanning the index cache did for the last
// access as steps, returning err (the access's own error) unless that
// ends the run.
func (t *Thread) strIndexWork(err error) error {
	if w := t.strIdx.takeWork(); w > 0 {
		if terr := t.tick(int64(w)); terr != nil {
			return terr
		}
	}
	return err
}

// strFromWTF8 makes the text of a str literal a str value. The parser keeps
// a lone surrogate escape ("\ud800") as its 3-byte WTF-8 sequence; a str
// here is UTF-8, which cannot hold one, so each becomes U+FFFD, one code
// point, as chr(0xd800) and a decoded "\ud800" JSON escape do. Lengths
// and indices then agree with CPython; the code point itself does not
// (ord gives 0xfffd, encode() gives b'\xef\xbf\xbd' where CPython
// raises UnicodeEncodeError).
func strFromWTF8(s string) string {
	i := strings.IndexByte(s, 0xED)
	if i < 0 {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s))
	sb.WriteString(s[:i])
	for i < len(s) {
		if i+2 < len(s) && s[i] == 0xED && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2]&0xC0 == 0x80 {
			sb.WriteRune(utf8.RuneError)
			i += 3
			continue
		}
		sb.WriteByte(s[i])
		i++
	}
	return sb.String()
}
