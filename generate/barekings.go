package generate

import (
	"cmp"
	"slices"

	"gomate/dfpn"
	"gomate/position"
)

// The bare king (裸玉) by enumeration: a lone king and an attacker's hand
// are few enough to try in order, and random placements mostly repeat
// each other. Candidate i of a bare-king run is the i-th pair (hand, king
// square): the hands that hand= and one-kind= allow, with 1 to
// maxBareHand pieces, fewest pieces first, then in the order of
// position.HandTypes (rooks first); for each, the king on each square
// randomMate could put it on (ranks 1 to 5), the likeliest first, or on
// the one square of a shape of the initial position. Each pair is scored
// once as the direct search scores a placement (place.go); a candidate
// past the last pair finds nothing.

// maxBareHand is the most pieces an enumerated hand holds.
const maxBareHand = 5

// bareKingSquares are the squares the king is tried on, in order.
func bareKingSquares(c *Constraints) []position.Square {
	if c.Shape != nil && c.Of == ShapeInitial {
		return c.Shape.Squares()
	}
	var sq []position.Square
	for s := position.Square(0); s < position.NumSquares; s++ {
		if s.File() <= 4 && kingFileWeights[s.File()]*kingRankWeights[s.Rank()] > 0 {
			sq = append(sq, s)
		}
	}
	w := func(s position.Square) float64 { return kingFileWeights[s.File()] * kingRankWeights[s.Rank()] }
	slices.SortStableFunc(sq, func(a, b position.Square) int { return cmp.Compare(w(b), w(a)) })
	return sq
}

// bareHands are the hands tried, in order.
func bareHands(p PieceSpec) []position.Hand {
	if p.HandSet {
		return []position.Hand{p.Hand}
	}
	var kinds []position.PieceType
	for _, pt := range position.HandTypes {
		if p.kindAllowed(pt) {
			kinds = append(kinds, pt)
		}
	}
	var out []position.Hand
	for n := 1; n <= maxBareHand; n++ {
		var rec func(from int, h position.Hand, left int)
		rec = func(from int, h position.Hand, left int) {
			if left == 0 {
				out = append(out, h)
				return
			}
			for i := from; i < len(kinds); i++ {
				if h.Count(kinds[i]) < gameTotals[kinds[i]] {
					rec(i, h.Add(kinds[i]), left-1)
				}
			}
		}
		rec(0, 0, n)
	}
	return out
}

// bareKingCandidate runs candidate i of a bare-king run.
func bareKingCandidate(s *dfpn.Solver, st Settings, i int) (out Outcome) {
	out.Index = i
	sq, hands := bareKingSquares(&st.Constraints), bareHands(st.Constraints.Pieces)
	if i >= len(sq)*len(hands) {
		return out
	}
	pl := &placer{s: s, lim: st.Limits, c: &st.Constraints, plies: st.Plies, captures: st.Captures}
	s.Clear()
	defer func() { out.Judges, out.Quick, out.Limited = pl.judges, pl.quick, pl.limited }()
	var b board
	b.Side = attacker
	b.Board[sq[i%len(sq)]] = position.NewPiece(defender, position.King)
	b.Hands[attacker] = hands[i/len(sq)]
	if _, found := pl.score(b); found.pos != nil {
		out.writeFound(s, found, st, i, "enumeration")
	}
	return out
}
