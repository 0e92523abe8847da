package hashlib

import (
	"encoding/binary"
	"hash"
	"math/bits"
)

// BLAKE2b and BLAKE2s as specified in RFC 7693, with the parameter block of the
// BLAKE2 paper (salt, personalisation, tree parameters) that CPython's hashlib exposes.

// blake2Params is the parameter block of one BLAKE2 hash.
type blake2Params struct {
	digestSize, fanout, depth, nodeDepth, innerSize int
	leafSize                                        uint32
	nodeOffset                                      uint64
	key, salt, person                               []byte
	lastNode                                        bool
}

var blake2bIV = [8]uint64{
	0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
	0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
}

var blake2sIV = [8]uint32{
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
}

// blake2Sigma is the message word permutation of each round (rounds 10 and 11 of
// BLAKE2b reuse rows 0 and 1).
var blake2Sigma = [10][16]byte{
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
	{14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
	{11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
	{7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
	{9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
	{2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
	{12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
	{13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
	{6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
	{10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
}

// blake2b is a BLAKE2b state. The last block is kept back until Sum, which must
// compress it with the final flag set.
type blake2b struct {
	start    [8]uint64 // h after the parameter block, for Reset
	key      []byte
	h        [8]uint64
	t        [2]uint64
	buf      [128]byte
	n        int
	size     int
	lastNode bool
}

func newBlake2b(p blake2Params) *blake2b {
	var block [64]byte
	block[0] = byte(p.digestSize)
	block[1] = byte(len(p.key))
	block[2] = byte(p.fanout)
	block[3] = byte(p.depth)
	binary.LittleEndian.PutUint32(block[4:], p.leafSize)
	binary.LittleEndian.PutUint64(block[8:], p.nodeOffset)
	block[16] = byte(p.nodeDepth)
	block[17] = byte(p.innerSize)
	copy(block[32:48], p.salt)
	copy(block[48:64], p.person)
	d := &blake2b{size: p.digestSize, lastNode: p.lastNode, key: p.key}
	for i := range d.start {
		d.start[i] = blake2bIV[i] ^ binary.LittleEndian.Uint64(block[8*i:])
	}
	d.Reset()
	return d
}

func (d *blake2b) Size() int      { return d.size }
func (d *blake2b) BlockSize() int { return 128 }

// Reset returns the state to that of no data written (after the key block, if any).
func (d *blake2b) Reset() {
	d.h, d.t, d.n = d.start, [2]uint64{}, 0
	if len(d.key) > 0 {
		var kb [128]byte
		copy(kb[:], d.key)
		d.Write(kb[:])
	}
}

func (d *blake2b) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		if d.n == len(d.buf) {
			d.compress(false)
			d.n = 0
		}
		c := copy(d.buf[d.n:], p)
		d.n += c
		p = p[c:]
	}
	return n, nil
}

func (d *blake2b) compress(final bool) {
	d.t[0] += uint64(d.n)
	if d.t[0] < uint64(d.n) {
		d.t[1]++
	}
	var m [16]uint64
	for i := range m {
		m[i] = binary.LittleEndian.Uint64(d.buf[8*i:])
	}
	var v [16]uint64
	copy(v[:8], d.h[:])
	copy(v[8:], blake2bIV[:])
	v[12] ^= d.t[0]
	v[13] ^= d.t[1]
	if final {
		v[14] = ^v[14]
		if d.lastNode {
			v[15] = ^v[15]
		}
	}
	g := func(a, b, c, e int, x, y uint64) {
		v[a] = v[a] + v[b] + x
		v[e] = bits.RotateLeft64(v[e]^v[a], -32)
		v[c] = v[c] + v[e]
		v[b] = bits.RotateLeft64(v[b]^v[c], -24)
		v[a] = v[a] + v[b] + y
		v[e] = bits.RotateLeft64(v[e]^v[a], -16)
		v[c] = v[c] + v[e]
		v[b] = bits.RotateLeft64(v[b]^v[c], -63)
	}
	for r := 0; r < 12; r++ {
		s := &blake2Sigma[r%10]
		g(0, 4, 8, 12, m[s[0]], m[s[1]])
		g(1, 5, 9, 13, m[s[2]], m[s[3]])
		g(2, 6, 10, 14, m[s[4]], m[s[5]])
		g(3, 7, 11, 15, m[s[6]], m[s[7]])
		g(0, 5, 10, 15, m[s[8]], m[s[9]])
		g(1, 6, 11, 12, m[s[10]], m[s[11]])
		g(2, 7, 8, 13, m[s[12]], m[s[13]])
		g(3, 4, 9, 14, m[s[14]], m[s[15]])
	}
	for i := range d.h {
		d.h[i] ^= v[i] ^ v[i+8]
	}
}

// Sum appends the digest of the data written so far to b; d is not changed.
func (d *blake2b) Sum(b []byte) []byte {
	c := *d
	clear(c.buf[c.n:])
	c.compress(true)
	var out [64]byte
	for i, w := range c.h {
		binary.LittleEndian.PutUint64(out[8*i:], w)
	}
	return append(b, out[:c.size]...)
}

// Clone returns an independent copy of the state.
func (d *blake2b) Clone() hash.Hash {
	c := *d
	return &c
}

// blake2s is a BLAKE2s state, laid out as blake2b with 32-bit words.
type blake2s struct {
	start    [8]uint32 // h after the parameter block, for Reset
	key      []byte
	h        [8]uint32
	t        [2]uint32
	buf      [64]byte
	n        int
	size     int
	lastNode bool
}

func newBlake2s(p blake2Params) *blake2s {
	var block [32]byte
	block[0] = byte(p.digestSize)
	block[1] = byte(len(p.key))
	block[2] = byte(p.fanout)
	block[3] = byte(p.depth)
	binary.LittleEndian.PutUint32(block[4:], p.leafSize)
	var off [8]byte
	binary.LittleEndian.PutUint64(off[:], p.nodeOffset)
	copy(block[8:14], off[:6])
	block[14] = byte(p.nodeDepth)
	block[15] = byte(p.innerSize)
	copy(block[16:24], p.salt)
	copy(block[24:32], p.person)
	d := &blake2s{size: p.digestSize, lastNode: p.lastNode, key: p.key}
	for i := range d.start {
		d.start[i] = blake2sIV[i] ^ binary.LittleEndian.Uint32(block[4*i:])
	}
	d.Reset()
	return d
}

func (d *blake2s) Size() int      { return d.size }
func (d *blake2s) BlockSize() int { return 64 }

// Reset returns the state to that of no data written (after the key block, if any).
func (d *blake2s) Reset() {
	d.h, d.t, d.n = d.start, [2]uint32{}, 0
	if len(d.key) > 0 {
		var kb [64]byte
		copy(kb[:], d.key)
		d.Write(kb[:])
	}
}

func (d *blake2s) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		if d.n == len(d.buf) {
			d.compress(false)
			d.n = 0
		}
		c := copy(d.buf[d.n:], p)
		d.n += c
		p = p[c:]
	}
	return n, nil
}

func (d *blake2s) compress(final bool) {
	d.t[0] += uint32(d.n)
	if d.t[0] < uint32(d.n) {
		d.t[1]++
	}
	var m [16]uint32
	for i := range m {
		m[i] = binary.LittleEndian.Uint32(d.buf[4*i:])
	}
	var v [16]uint32
	copy(v[:8], d.h[:])
	copy(v[8:], blake2sIV[:])
	v[12] ^= d.t[0]
	v[13] ^= d.t[1]
	if final {
		v[14] = ^v[14]
		if d.lastNode {
			v[15] = ^v[15]
		}
	}
	g := func(a, b, c, e int, x, y uint32) {
		v[a] = v[a] + v[b] + x
		v[e] = bits.RotateLeft32(v[e]^v[a], -16)
		v[c] = v[c] + v[e]
		v[b] = bits.RotateLeft32(v[b]^v[c], -12)
		v[a] = v[a] + v[b] + y
		v[e] = bits.RotateLeft32(v[e]^v[a], -8)
		v[c] = v[c] + v[e]
		v[b] = bits.RotateLeft32(v[b]^v[c], -7)
	}
	for r := 0; r < 10; r++ {
		s := &blake2Sigma[r]
		g(0, 4, 8, 12, m[s[0]], m[s[1]])
		g(1, 5, 9, 13, m[s[2]], m[s[3]])
		g(2, 6, 10, 14, m[s[4]], m[s[5]])
		g(3, 7, 11, 15, m[s[6]], m[s[7]])
		g(0, 5, 10, 15, m[s[8]], m[s[9]])
		g(1, 6, 11, 12, m[s[10]], m[s[11]])
		g(2, 7, 8, 13, m[s[12]], m[s[13]])
		g(3, 4, 9, 14, m[s[14]], m[s[15]])
	}
	for i := range d.h {
		d.h[i] ^= v[i] ^ v[i+8]
	}
}

// Sum appends the digest of the data written so far to b; d is not changed.
func (d *blake2s) Sum(b []byte) []byte {
	c := *d
	clear(c.buf[c.n:])
	c.compress(true)
	var out [32]byte
	for i, w := range c.h {
		binary.LittleEndian.PutUint32(out[4*i:], w)
	}
	return append(b, out[:c.size]...)
}

// Clone returns an independent copy of the state.
func (d *blake2s) Clone() hash.Hash {
	c := *d
	return &c
}
