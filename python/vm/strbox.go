package vm

import "unsafe"

// One-allocation strings. Boxing a Go string in a Value costs two heap
// objects: the string's bytes and, for the interface, a 16-byte header
// that points at them (a scanned allocation). A str the interpreter builds
// itself (a concatenation, str(i)) can instead live in one pointer-free
// block: the header first, the bytes after it, the interface's data word
// pointing at the header. The block's own pointer (header to bytes) is
// interior, so the collector, which keeps the block alive through the
// interface or through any string taken out of it, never needs to scan it.
//
// Memory accounting stays exact: ValueBytes counts a str as a header plus
// its bytes' block (stringHeaderBytes + noscanBytes(n)), and a one-block
// str is made only for lengths whose block is no larger than that
// (strOneBlock); other lengths take the two allocations.

// eface is the layout of an empty interface.
type eface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
}

// strTypeWord is the type word of a Str in an interface.
var strTypeWord = func() unsafe.Pointer {
	var v Value = Str("x")
	return (*eface)(unsafe.Pointer(&v)).typ
}()

// strOneBlockMax is the longest str made in one block.
const strOneBlockMax = 1024

// strOneBlock[n] reports whether a one-block str of n bytes takes no more
// heap than the two allocations the accounting counts. Read only after
// init.
var strOneBlock = func() (ok [strOneBlockMax + 1]bool) {
	hdr := int64(unsafe.Sizeof(""))
	for n := 1; n <= strOneBlockMax; n++ {
		ok[n] = allocBytes(hdr+int64(n)) <= stringHeaderBytes+noscanBytes(int64(n))
	}
	return ok
}()

// newStrBlock makes a str of n bytes (0 < n <= strOneBlockMax, and
// strOneBlock[n]) in one block and returns it with its bytes to fill. The
// caller fills every byte before the value is used.
func newStrBlock(n int) (Value, []byte) {
	const hdr = int(unsafe.Sizeof(""))
	blk := make([]byte, hdr+n)
	base := unsafe.Pointer(unsafe.SliceData(blk))
	// The header is stored as plain words: the block is pointer-free to
	// the collector, and its pointer is into the block itself.
	w := (*[2]uintptr)(base)
	w[0] = uintptr(base) + uintptr(hdr)
	w[1] = uintptr(n)
	var v Value
	e := (*eface)(unsafe.Pointer(&v))
	e.typ = strTypeWord
	e.data = base
	return v, blk[hdr:]
}

// concatStr is a + b as a str value, in one block where that fits.
func concatStr(a, b Str) Value {
	n := len(a) + len(b)
	if n <= strOneBlockMax && strOneBlock[n] && len(a) != 0 && len(b) != 0 {
		v, buf := newStrBlock(n)
		copy(buf[copy(buf, a):], b)
		return v
	}
	return a + b
}
