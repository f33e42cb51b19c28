package position

import (
	"strconv"
	"strings"
)

// Hand is the pieces one side holds, packed into one word: a bit field per
// kind with a spare bit above it, so that comparing two hands kind by kind
// is one subtraction and one mask.
//
//	bits  0-4 pawns (borrow 5)    6-8 lances (9)     10-12 knights (13)
//	    14-16 silvers (17)      18-20 golds (21)     22-23 bishops (24)
//	    25-26 rooks (27)
type Hand uint32

var handShift = [8]uint{Pawn: 0, Lance: 6, Knight: 10, Silver: 14, Gold: 18, Bishop: 22, Rook: 25}
var handFieldMask = [8]Hand{Pawn: 31, Lance: 7, Knight: 7, Silver: 7, Gold: 7, Bishop: 3, Rook: 3}

// handBorrows has the spare bit of every field set.
const handBorrows Hand = 1<<5 | 1<<9 | 1<<13 | 1<<17 | 1<<21 | 1<<24 | 1<<27

// HandTypes lists the kinds a hand can hold, from the most valuable.
var HandTypes = [7]PieceType{Rook, Bishop, Gold, Silver, Knight, Lance, Pawn}

// handUnit is one piece of a kind, as a Hand.
func handUnit(pt PieceType) Hand { return 1 << handShift[pt] }

// Count returns how many pieces of kind pt (a hand kind) h holds.
func (h Hand) Count(pt PieceType) int { return int(h >> handShift[pt] & handFieldMask[pt]) }

// Has reports whether h holds at least one piece of kind pt.
func (h Hand) Has(pt PieceType) bool { return h&(handFieldMask[pt]<<handShift[pt]) != 0 }

// Add returns h with one more piece of kind pt.
func (h Hand) Add(pt PieceType) Hand { return h + handUnit(pt) }

// Sub returns h with one piece of kind pt less; h must hold one.
func (h Hand) Sub(pt PieceType) Hand { return h - handUnit(pt) }

// Set returns h with exactly n pieces of kind pt (n within the field).
func (h Hand) Set(pt PieceType, n int) Hand {
	return h&^(handFieldMask[pt]<<handShift[pt]) | Hand(n)<<handShift[pt]
}

// Without returns h with no piece of kind pt.
func (h Hand) Without(pt PieceType) Hand { return h &^ (handFieldMask[pt] << handShift[pt]) }

// IsEmpty reports whether h holds nothing.
func (h Hand) IsEmpty() bool { return h == 0 }

// Covers reports whether h holds at least as many pieces of every kind as o.
func (h Hand) Covers(o Hand) bool { return (h-o)&handBorrows == 0 }

// Total returns the number of pieces held.
func (h Hand) Total() int {
	n := 0
	for _, pt := range HandTypes {
		n += h.Count(pt)
	}
	return n
}

// Min returns the kind-by-kind minimum of h and o.
func (h Hand) Min(o Hand) Hand {
	var r Hand
	for _, pt := range HandTypes {
		r = r.Set(pt, min(h.Count(pt), o.Count(pt)))
	}
	return r
}

// Max returns the kind-by-kind maximum of h and o.
func (h Hand) Max(o Hand) Hand {
	var r Hand
	for _, pt := range HandTypes {
		r = r.Set(pt, max(h.Count(pt), o.Count(pt)))
	}
	return r
}

// String writes the hand in SFEN order (R B G S N L P) for Black, upper
// case; "-" when empty.
func (h Hand) String() string { return h.sfen(Black) }

func (h Hand) sfen(c Color) string {
	if h == 0 {
		return "-"
	}
	var b []byte
	for _, pt := range HandTypes {
		n := h.Count(pt)
		if n == 0 {
			continue
		}
		if n > 1 {
			b = strconv.AppendInt(b, int64(n), 10)
		}
		b = append(b, NewPiece(c, pt).String()...)
	}
	return string(b)
}

// ParseHand reads one side's hand in SFEN letters, in either case and any
// order ("2G3P", "r2b"; "" or "-" for none). It uses the SFEN hand parser,
// so its errors are the same.
func ParseHand(s string) (Hand, error) {
	if s == "" || s == "-" {
		return 0, nil
	}
	var p Position
	if err := p.parseHands(strings.ToUpper(s)); err != nil {
		return 0, err
	}
	return p.hands[Black], nil
}

// MustParseHand is ParseHand for hands written into a program, as tests'
// tables are: it panics when s is not a hand.
func MustParseHand(s string) Hand {
	h, err := ParseHand(s)
	if err != nil {
		panic(err)
	}
	return h
}
