package generate

import (
	"gomate/position"
)

// board is a position without history, to be edited square by square: the
// mate positions are built on one, unnecessary pieces are taken off one,
// and duplicates are compared as the SFEN of one and of its mirror image.
type board position.Diagram

// boardOf copies pos's board, hands and side to move.
func boardOf(pos *position.Position) board {
	return board(pos.Diagram())
}

// gameTotals is how many pieces of each base kind the game has.
var gameTotals = [position.NumPieceTypes]int{
	position.Pawn: 18, position.Lance: 4, position.Knight: 4, position.Silver: 4,
	position.Gold: 4, position.Bishop: 2, position.Rook: 2, position.King: 2,
}

// restToDefender makes the defender's hand every piece of the game that
// is neither on the board nor in the other side's hand: the tsume
// convention on the defender's hand. It
// reports false when the board and that hand hold more pieces of a kind
// than the game has.
func (b *board) restToDefender(defender position.Color) bool {
	var count [position.NumPieceTypes]int
	for _, pc := range b.Board {
		if pc != position.NoPiece {
			count[pc.Type().Unpromote()]++
		}
	}
	var rest position.Hand
	for _, pt := range position.HandTypes {
		n := gameTotals[pt] - count[pt] - b.Hands[defender.Opp()].Count(pt)
		if n < 0 {
			return false
		}
		rest = rest.Set(pt, n)
	}
	b.Hands[defender] = rest
	return true
}

// removeSquare takes the piece on s off the board and gives it, unpromoted,
// to the hand of to.
func (b *board) removeSquare(s position.Square, to position.Color) {
	pc := b.Board[s]
	b.Board[s] = position.NoPiece
	if pc != position.NoPiece && pc.Type() != position.King {
		b.Hands[to] = b.Hands[to].Add(pc.Type().Unpromote())
	}
}

// mirror is the board reflected left to right (file 1 to file 9).
func (b board) mirror() board {
	m := b
	for s := position.Square(0); s < position.NumSquares; s++ {
		m.Board[position.NewSquare(8-s.File(), s.Rank())] = b.Board[s]
	}
	return m
}

// sfen writes the board as an SFEN with move number 1.
func (b board) sfen() string {
	return (*position.Diagram)(&b).SFEN()
}

// position reads the board back as a position: FromSFEN refuses the
// impossible ones (a dead piece, two pawns on a file, too many pieces,
// the side not to move in check).
func (b board) position() (*position.Position, error) {
	return position.FromSFEN(b.sfen())
}
