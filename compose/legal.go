package compose

import (
	"fmt"

	"gomate/position"
)

// Point 1 of soundness (sound.go): the position is a legal tsume problem.
//
// package position already refuses impossible positions when it reads an
// SFEN (two pawns, dead pieces, too many pieces, the side not to move in
// check), and an SFEN is the only way to make a Position, but the judge
// does not take that on trust: problemFaults checks every condition again
// on the position it is given, so that a Sound verdict does not depend on
// how the position was made. The checks are a scan of the board and the
// hands, nothing that searches.
//
// The reduced positions of the necessity test (necessity.go) are built
// here too, as diagrams: a board, two hands and the side to move, turned
// into an SFEN and read back by position.FromSFEN.

// gameTotals is how many pieces of each base kind the game has.
var gameTotals = [position.NumPieceTypes]int{
	position.Pawn: 18, position.Lance: 4, position.Knight: 4, position.Silver: 4,
	position.Gold: 4, position.Bishop: 2, position.Rook: 2, position.King: 2,
}

// problemFaults lists why pos is not a legal tsume problem (point 1), one
// phrase each; nil when it is. The attacker is the side to move. The
// defender's hand must hold exactly the pieces that are neither on the
// board nor in the attacker's hand (the tsume convention).
func problemFaults(pos *position.Position, allowAttackerKing bool) []string {
	var faults []string
	attacker := pos.SideToMove()
	defender := attacker.Opp()
	if pos.InCheck() {
		faults = append(faults, "the attacker, to move, is in check")
	}
	dk := pos.KingSquare(defender)
	if dk == position.NoSquare {
		faults = append(faults, "the defender has no king")
	} else if pos.IsAttacked(dk, attacker) {
		faults = append(faults, "the defender, not to move, is in check")
	}
	if pos.KingSquare(attacker) != position.NoSquare && !allowAttackerKing {
		faults = append(faults, "the attacker has a king")
	}
	var count [position.NumPieceTypes]int
	var kings [2]int
	var pawnFiles [2][9]int
	for s := position.Square(0); s < position.NumSquares; s++ {
		pc := pos.PieceAt(s)
		if pc == position.NoPiece {
			continue
		}
		c, pt := pc.Color(), pc.Type()
		count[pt.Unpromote()]++
		switch pt {
		case position.King:
			kings[c]++
		case position.Pawn:
			pawnFiles[c][s.File()]++
			if pawnFiles[c][s.File()] == 2 {
				faults = append(faults, fmt.Sprintf("two unpromoted pawns of one side on file %d", s.File()+1))
			}
		}
		if deadPiece(c, pt, s) {
			faults = append(faults, fmt.Sprintf("%s on %s can never move", pc, s))
		}
	}
	for c := position.Black; c <= position.White; c++ {
		if kings[c] > 1 {
			faults = append(faults, "a side has two kings")
		}
		for _, pt := range position.HandTypes {
			count[pt] += pos.Hand(c).Count(pt)
		}
	}
	for pt := position.Pawn; pt <= position.King; pt++ {
		if count[pt] > gameTotals[pt] {
			faults = append(faults, fmt.Sprintf("%d pieces of kind %s, the game has %d", count[pt], pt, gameTotals[pt]))
		}
	}
	if len(faults) == 0 {
		if rest := restOfPieces(pos); pos.Hand(defender) != rest {
			faults = append(faults, fmt.Sprintf("the defender's hand holds %q, not the rest of the pieces %q", handText(pos.Hand(defender)), handText(rest)))
		}
	}
	return faults
}

// deadPiece reports whether an unpromoted piece of kind pt and colour c on
// s could never move: a pawn or lance on the last rank, a knight on the
// last two.
func deadPiece(c position.Color, pt position.PieceType, s position.Square) bool {
	rel := s.Rank() // ranks from the far edge for Black
	if c == position.White {
		rel = 8 - rel
	}
	switch pt {
	case position.Pawn, position.Lance:
		return rel == 0
	case position.Knight:
		return rel < 2
	}
	return false
}

// restOfPieces is what the defender holds under the tsume convention: every
// piece of the game that is neither on the board nor in the attacker's
// hand. The position's piece totals must not exceed the game's.
func restOfPieces(pos *position.Position) position.Hand {
	var count [position.NumPieceTypes]int
	for s := position.Square(0); s < position.NumSquares; s++ {
		if pc := pos.PieceAt(s); pc != position.NoPiece {
			count[pc.Type().Unpromote()]++
		}
	}
	atk := pos.Hand(pos.SideToMove())
	var rest position.Hand
	for _, pt := range position.HandTypes {
		rest = rest.Set(pt, gameTotals[pt]-count[pt]-atk.Count(pt))
	}
	return rest
}

// TsumeHands returns pos (the attacker to move) with the defender's hand
// made the rest of the pieces, as the tsume convention has it: every piece
// of the game that is neither on the board nor in the attacker's hand.
// The position is read back from its SFEN (no history); an error says why
// that failed (too many pieces of a kind, an impossible position).
func TsumeHands(pos *position.Position) (*position.Position, error) {
	for _, pt := range position.HandTypes {
		n := pos.Hand(pos.SideToMove()).Count(pt)
		for s := position.Square(0); s < position.NumSquares; s++ {
			if pc := pos.PieceAt(s); pc != position.NoPiece && pc.Type().Unpromote() == pt {
				n++
			}
		}
		if n > gameTotals[pt] {
			return nil, fmt.Errorf("%d pieces of kind %s, the game has %d", n, pt, gameTotals[pt])
		}
	}
	d := diagramOf(pos)
	d.Hands[pos.SideToMove().Opp()] = restOfPieces(pos)
	return d.position()
}

// handText is a hand in SFEN letters (Black's), "-" when empty.
func handText(h position.Hand) string {
	if h.IsEmpty() {
		return "-"
	}
	return h.String()
}

// diagram is a position without history, to be edited: a board, two hands
// and the side to move.
type diagram position.Diagram

func diagramOf(pos *position.Position) diagram {
	return diagram(pos.Diagram())
}

// sfen writes the diagram as an SFEN (move number 1).
func (d diagram) sfen() string {
	return (*position.Diagram)(&d).SFEN()
}

// position reads the diagram back as a position; FromSFEN refuses the
// impossible ones.
func (d diagram) position() (*position.Position, error) {
	return position.FromSFEN(d.sfen())
}
