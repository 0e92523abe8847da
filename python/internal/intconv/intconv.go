// Package intconv converts the digits of an int literal or int() argument
// in time linear in their number, for the phases (syntax, vm) that both
// parse them.
package intconv

import (
	"math/big"
	"math/bits"
)

// ParsePow2 parses digits (no sign, prefix or underscores) in base 2, 4,
// 8, 16 or 32 in linear time: math/big's SetString is quadratic in bases 8
// and 32 (1.3M octal digits took 10 s). ok is false for a digit out of
// range.
func ParsePow2(digits string, base int) (*big.Int, bool) {
	shift := uint(bits.TrailingZeros(uint(base)))
	nbits := uint64(len(digits)) * uint64(shift)
	ws := make([]big.Word, (nbits+bits.UintSize-1)/bits.UintSize+1)
	var pos uint64
	for i := len(digits) - 1; i >= 0; i-- {
		d := digitValue(digits[i])
		if d >= base {
			return nil, false
		}
		w, off := pos/bits.UintSize, uint(pos%bits.UintSize)
		ws[w] |= big.Word(d) << off
		if off+shift > bits.UintSize {
			ws[w+1] |= big.Word(d) >> (bits.UintSize - off)
		}
		pos += uint64(shift)
	}
	return new(big.Int).SetBits(ws), true
}

func digitValue(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'z':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'Z':
		return int(c-'A') + 10
	}
	return 99
}
