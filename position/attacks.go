package position

import "math/bits"

// Attack tables, computed once at start-up and never written again.
var (
	// stepAttacks[c][pt][s]: squares a non-sliding piece of kind pt and
	// colour c on s attacks (Pawn, Knight, Silver, Gold, King).
	stepAttacks [2][King + 1][NumSquares]Bitboard
	// rays[d][s]: the squares from s to the edge in direction d, s excluded.
	rays [numDirs][NumSquares]Bitboard
	// swappedRays[d][s]: rays[d][s].byteSwap(), for the downward scans.
	swappedRays [numDirs][NumSquares]Bitboard
	// between[a][b]: the squares strictly between a and b on a line, or empty.
	between [NumSquares][NumSquares]Bitboard
	// line[a][b]: the whole line through a and b (both included), or empty.
	line [NumSquares][NumSquares]Bitboard
	// rookReach[s], bishopReach[s]: the empty-board reach of a rook or a
	// bishop on s, for quick "could it possibly attack" tests.
	rookReach, bishopReach [NumSquares]Bitboard
	// kingNeighbourhood[s]: the squares from which a stepping piece (a
	// knight included) can attack a neighbour of s: two files and three
	// ranks either way.
	kingNeighbourhood [NumSquares]Bitboard
)

// lanceDir[c] is the direction a lance of colour c moves in.
var lanceDir = [2]int{Black: dirN, White: dirS}

// Directions, as square deltas. The first four increase the square index.
const (
	dirS  = iota // +1: towards rank i
	dirW         // +9: towards file 9
	dirSW        // +8: file+1, rank-1
	dirNW        // +10: file+1, rank+1 (named from the square index)
	dirN         // -1: towards rank a
	dirE         // -9: towards file 1
	dirNE        // -8
	dirSE        // -10
	numDirs
)

var dirDelta = [numDirs][2]int{
	dirS: {0, 1}, dirW: {1, 0}, dirSW: {1, -1}, dirNW: {1, 1},
	dirN: {0, -1}, dirE: {-1, 0}, dirNE: {-1, 1}, dirSE: {-1, -1},
}

func onBoard(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 9 }

func init() {
	// Black's step offsets as (file, rank) deltas; White's mirror the rank.
	offsets := [King + 1][][2]int{
		Pawn:   {{0, -1}},
		Knight: {{-1, -2}, {1, -2}},
		Silver: {{0, -1}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
		Gold:   {{0, -1}, {-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}},
		King:   {{0, -1}, {-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}, {-1, 1}, {1, 1}},
	}
	for s := Square(0); s < NumSquares; s++ {
		f, r := s.File(), s.Rank()
		for c := Black; c <= White; c++ {
			for pt, offs := range offsets {
				for _, o := range offs {
					dr := o[1]
					if c == White {
						dr = -dr
					}
					if onBoard(f+o[0], r+dr) {
						stepAttacks[c][pt][s].Set(NewSquare(f+o[0], r+dr))
					}
				}
			}
		}
		for d := 0; d < numDirs; d++ {
			for k := 1; ; k++ {
				nf, nr := f+k*dirDelta[d][0], r+k*dirDelta[d][1]
				if !onBoard(nf, nr) {
					break
				}
				rays[d][s].Set(NewSquare(nf, nr))
			}
			swappedRays[d][s] = rays[d][s].byteSwap()
		}
		for df := -2; df <= 2; df++ {
			for dr := -3; dr <= 3; dr++ {
				if onBoard(f+df, r+dr) {
					kingNeighbourhood[s].Set(NewSquare(f+df, r+dr))
				}
			}
		}
		rookReach[s] = rays[dirS][s].Or(rays[dirN][s]).Or(rays[dirW][s]).Or(rays[dirE][s])
		bishopReach[s] = rays[dirSW][s].Or(rays[dirNW][s]).Or(rays[dirNE][s]).Or(rays[dirSE][s])
	}
	for a := Square(0); a < NumSquares; a++ {
		for d := 0; d < numDirs; d++ {
			r := rays[d][a]
			for r.Any() {
				b := r.Pop()
				between[a][b] = rays[d][a].And(rays[(d+4)%numDirs][b])
				line[a][b] = rays[d][a].Or(rays[(d+4)%numDirs][a]).Or(SquareBB(a))
			}
		}
	}
}

// rayUp returns the squares of the upward ray m (increasing index) that a
// slider reaches: up to and including the first occupied square.
func rayUp(m, occ Bitboard) Bitboard { return m.And(occ.And(m).belowLowest()) }

// northAttacks is the ray towards rank a, scanned inside the file's word.
func northAttacks(s Square, occ Bitboard) Bitboard {
	m := rays[dirN][s]
	if s < 63 {
		o := occ.Lo & m.Lo
		if o == 0 {
			return m
		}
		return Bitboard{Lo: m.Lo &^ (1<<uint(63-bits.LeadingZeros64(o)) - 1)}
	}
	o := occ.Hi & m.Hi
	if o == 0 {
		return m
	}
	return Bitboard{Hi: m.Hi &^ (1<<uint(63-bits.LeadingZeros64(o)) - 1)}
}

// LanceAttacks returns the squares a lance of colour c on s attacks.
func LanceAttacks(c Color, s Square, occ Bitboard) Bitboard {
	if c == Black {
		return northAttacks(s, occ)
	}
	return rayUp(rays[dirS][s], occ)
}

// RookAttacks returns the squares a rook on s attacks.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	a := rayUp(rays[dirS][s], occ).Or(rayUp(rays[dirW][s], occ)).Or(northAttacks(s, occ))
	m := swappedRays[dirE][s]
	down := m.And(occ.byteSwap().And(m).belowLowest())
	return a.Or(down.byteSwap())
}

// BishopAttacks returns the squares a bishop on s attacks.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	a := rayUp(rays[dirSW][s], occ).Or(rayUp(rays[dirNW][s], occ))
	so := occ.byteSwap()
	m1, m2 := swappedRays[dirNE][s], swappedRays[dirSE][s]
	down := m1.And(so.And(m1).belowLowest()).Or(m2.And(so.And(m2).belowLowest()))
	return a.Or(down.byteSwap())
}

// StepAttacks returns the squares a non-sliding piece attacks: pt is Pawn,
// Knight, Silver, Gold or King.
func StepAttacks(c Color, pt PieceType, s Square) Bitboard { return stepAttacks[c][pt][s] }

// Attacks returns the squares piece p on s attacks with occupancy occ.
func Attacks(p Piece, s Square, occ Bitboard) Bitboard {
	c := p.Color()
	switch pt := p.Type(); pt {
	case Pawn, Knight, Silver, Gold, King:
		return stepAttacks[c][pt][s]
	case ProPawn, ProLance, ProKnight, ProSilver:
		return stepAttacks[c][Gold][s]
	case Lance:
		return LanceAttacks(c, s, occ)
	case Bishop:
		return BishopAttacks(s, occ)
	case Rook:
		return RookAttacks(s, occ)
	case Horse:
		return BishopAttacks(s, occ).Or(stepAttacks[c][King][s])
	case Dragon:
		return RookAttacks(s, occ).Or(stepAttacks[c][King][s])
	}
	return Bitboard{}
}

// Between returns the squares strictly between a and b when they share a
// line, else the empty set.
func Between(a, b Square) Bitboard { return between[a][b] }

// Aligned reports whether a, b and c lie on one line.
func Aligned(a, b, c Square) bool { return line[a][b].Has(c) }
