package position

import "math/bits"

// Bitboard is a set of squares. Files 1-7 (squares 0-62) live in Lo and
// files 8-9 (squares 63-80) in the low 18 bits of Hi, so a file never
// crosses the two words.
type Bitboard struct {
	Lo, Hi uint64
}

const hiMask = (1 << 18) - 1

// AllSquares has every square of the board.
var AllSquares = Bitboard{Lo: (1 << 63) - 1, Hi: hiMask}

// squareBB[s] is the set holding only s.
var squareBB [NumSquares]Bitboard

func init() {
	for s := Square(0); s < NumSquares; s++ {
		if s < 63 {
			squareBB[s] = Bitboard{Lo: 1 << uint(s)}
		} else {
			squareBB[s] = Bitboard{Hi: 1 << uint(s-63)}
		}
	}
}

// SquareBB returns the set holding only s.
func SquareBB(s Square) Bitboard { return squareBB[s] }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool {
	if s < 63 {
		return b.Lo>>uint(s)&1 != 0
	}
	return b.Hi>>uint(s-63)&1 != 0
}

// And returns the intersection.
func (b Bitboard) And(o Bitboard) Bitboard { return Bitboard{b.Lo & o.Lo, b.Hi & o.Hi} }

// Or returns the union.
func (b Bitboard) Or(o Bitboard) Bitboard { return Bitboard{b.Lo | o.Lo, b.Hi | o.Hi} }

// Xor returns the symmetric difference.
func (b Bitboard) Xor(o Bitboard) Bitboard { return Bitboard{b.Lo ^ o.Lo, b.Hi ^ o.Hi} }

// AndNot returns the squares of b not in o.
func (b Bitboard) AndNot(o Bitboard) Bitboard { return Bitboard{b.Lo &^ o.Lo, b.Hi &^ o.Hi} }

// Not returns the board squares not in b.
func (b Bitboard) Not() Bitboard { return Bitboard{^b.Lo & AllSquares.Lo, ^b.Hi & hiMask} }

// IsEmpty reports whether b has no square.
func (b Bitboard) IsEmpty() bool { return b.Lo|b.Hi == 0 }

// Any reports whether b has a square.
func (b Bitboard) Any() bool { return b.Lo|b.Hi != 0 }

// Intersects reports whether b and o share a square.
func (b Bitboard) Intersects(o Bitboard) bool { return (b.Lo&o.Lo)|(b.Hi&o.Hi) != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(b.Lo) + bits.OnesCount64(b.Hi) }

// More reports whether b has more than one square.
func (b Bitboard) More() bool {
	return b.Lo&(b.Lo-1) != 0 || b.Hi&(b.Hi-1) != 0 || (b.Lo != 0 && b.Hi != 0)
}

// First returns the lowest square of a non-empty b.
func (b Bitboard) First() Square {
	if b.Lo != 0 {
		return Square(bits.TrailingZeros64(b.Lo))
	}
	return Square(63 + bits.TrailingZeros64(b.Hi))
}

// Pop removes and returns the lowest square of a non-empty b.
func (b *Bitboard) Pop() Square {
	if b.Lo != 0 {
		s := Square(bits.TrailingZeros64(b.Lo))
		b.Lo &= b.Lo - 1
		return s
	}
	s := Square(63 + bits.TrailingZeros64(b.Hi))
	b.Hi &= b.Hi - 1
	return s
}

// Set adds s to b.
func (b *Bitboard) Set(s Square) {
	if s < 63 {
		b.Lo |= 1 << uint(s)
	} else {
		b.Hi |= 1 << uint(s-63)
	}
}

// Clear removes s from b.
func (b *Bitboard) Clear(s Square) {
	if s < 63 {
		b.Lo &^= 1 << uint(s)
	} else {
		b.Hi &^= 1 << uint(s-63)
	}
}

// byteSwap reverses the byte order of the 128-bit value. On a ray whose
// squares lie in distinct bytes (steps of 8 squares or more) it reverses
// their order, which turns a downward ray scan into an upward one.
func (b Bitboard) byteSwap() Bitboard {
	return Bitboard{bits.ReverseBytes64(b.Hi), bits.ReverseBytes64(b.Lo)}
}

// belowLowest returns the bits from bit 0 up to and including the lowest
// set bit of b (all bits when b is empty): b ^ (b - 1) in 128 bits.
func (b Bitboard) belowLowest() Bitboard {
	lo, borrow := bits.Sub64(b.Lo, 1, 0)
	hi, _ := bits.Sub64(b.Hi, 0, borrow)
	return Bitboard{b.Lo ^ lo, b.Hi ^ hi}
}

// String draws b as a 9x9 grid, rank a at the top, file 9 on the left.
func (b Bitboard) String() string {
	buf := make([]byte, 0, 90)
	for r := 0; r < 9; r++ {
		for f := 8; f >= 0; f-- {
			if b.Has(NewSquare(f, r)) {
				buf = append(buf, '1')
			} else {
				buf = append(buf, '.')
			}
		}
		buf = append(buf, '\n')
	}
	return string(buf)
}
