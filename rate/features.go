package rate

import "gomate/position"

// Features are the problem's features read from its diagram and its
// line; the counts are of the attacker's moves (the line's even plies).
type Features struct {
	Plies int // the line's length
	// Sacrifices are the attacker's moves whose piece (moved or dropped)
	// the defender's next move in the line captures (捨て駒).
	Sacrifices int
	Captures   int // the attacker's moves that capture
	Promotions int
	// NonPromotions are the attacker's board moves that could promote
	// (an unpromoted piece that can, moving from or into the zone) and
	// do not (不成).
	NonPromotions int
	Drops         int
	// DistantMoves are the attacker's moves of a ranging piece (lance,
	// bishop, rook, horse, dragon) over three squares or more, and its
	// drops three squares or more from the defender's king (both
	// measured as a king walks: the larger of the file and rank
	// distances).
	DistantMoves int
	// KingFreedom is the number of squares next to the defender's king
	// at the start that it could step to if it were to move: empty or
	// holding an attacker's piece, and not attacked by the attacker
	// (the king itself taken off the board, so that a ranging piece's
	// line through it counts).
	KingFreedom int
	BoardPieces int // the pieces on the board at the start, kings included
}

// FeaturesOf reads the features of the problem pos (the attacker to
// move) and its line. pos is restored before it returns.
func FeaturesOf(pos *position.Position, line []position.Move) Features {
	attacker := pos.SideToMove()
	f := Features{Plies: len(line), BoardPieces: pos.Occupied().Count(), KingFreedom: kingFreedom(pos, attacker.Opp())}
	for i, m := range line {
		if i%2 == 0 {
			f.count(pos, m, line[i+1:])
		}
		pos.DoMove(m)
	}
	for range line {
		pos.UndoMove()
	}
	return f
}

// count adds the attacker's move m, played in pos, to f; rest is the
// line after m.
func (f *Features) count(pos *position.Position, m position.Move, rest []position.Move) {
	if len(rest) > 0 && !rest[0].IsDrop() && rest[0].To() == m.To() {
		f.Sacrifices++
	}
	k := pos.KingSquare(pos.SideToMove().Opp())
	if m.IsDrop() {
		f.Drops++
		if distance(m.To(), k) >= 3 {
			f.DistantMoves++
		}
		return
	}
	if pos.PieceAt(m.To()) != position.NoPiece {
		f.Captures++
	}
	pt := m.Piece().Type()
	switch {
	case m.IsPromotion():
		f.Promotions++
	case pt.CanPromote() && (position.InPromotionZone(pos.SideToMove(), m.From()) || position.InPromotionZone(pos.SideToMove(), m.To())):
		f.NonPromotions++
	}
	if ranging(pt) && distance(m.From(), m.To()) >= 3 {
		f.DistantMoves++
	}
}

// ranging tells whether pieces of type pt move along lines.
func ranging(pt position.PieceType) bool {
	switch pt {
	case position.Lance, position.Bishop, position.Rook, position.Horse, position.Dragon:
		return true
	}
	return false
}

// distance is the larger of the file and rank distances of a and b.
func distance(a, b position.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// kingFreedom counts the squares next to the king of color c in pos that
// it could step to: not holding its own pieces and not attacked by the
// other side with the king off the board.
func kingFreedom(pos *position.Position, c position.Color) int {
	k := pos.KingSquare(c)
	occ := pos.Occupied().AndNot(position.SquareBB(k))
	dests := position.StepAttacks(c, position.King, k).AndNot(pos.Pieces(c))
	n := 0
	for dests.Any() {
		if s := dests.Pop(); pos.AttackersTo(s, c.Opp(), occ).IsEmpty() {
			n++
		}
	}
	return n
}
