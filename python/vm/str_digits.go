package vm

import "unicode"

// nonDecimalDigits holds the code points whose Unicode Numeric_Type is
// Digit: digits that str.isdigit accepts but str.isdecimal does not
// (superscripts, subscripts, circled and parenthesised digits, ...). Go's
// unicode package has no Numeric_Type property; the ranges are those of
// the Unicode 14.0 data CPython 3.11 uses.
var nonDecimalDigits = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0xb2, 0xb3, 1}, {0xb9, 0xb9, 1}, {0x1369, 0x1371, 1}, {0x19da, 0x19da, 1},
		{0x2070, 0x2070, 1}, {0x2074, 0x2079, 1}, {0x2080, 0x2089, 1}, {0x2460, 0x2468, 1},
		{0x2474, 0x247c, 1}, {0x2488, 0x2490, 1}, {0x24ea, 0x24ea, 1}, {0x24f5, 0x24fd, 1},
		{0x24ff, 0x24ff, 1}, {0x2776, 0x277e, 1}, {0x2780, 0x2788, 1}, {0x278a, 0x2792, 1},
	},
	R32: []unicode.Range32{
		{0x10a40, 0x10a43, 1}, {0x10e60, 0x10e68, 1}, {0x11052, 0x1105a, 1}, {0x1f100, 0x1f10a, 1},
	},
	LatinOffset: 2,
}

// isDigitRune is str.isdigit's test: a decimal digit or another digit.
func isDigitRune(r rune) bool {
	if r < 0x80 {
		return '0' <= r && r <= '9'
	}
	return unicode.Is(unicode.Nd, r) || unicode.Is(nonDecimalDigits, r)
}
