package position

// Move is a move packed into 32 bits:
//
//	bits  0-6  destination square
//	bits  7-13 origin square (unused for drops)
//	bit  14    promotion
//	bit  15    drop
//	bits 16-20 the moving piece (for a drop: the dropped piece)
//	bit  31    pass (a null move, accepted in position commands)
//
// The zero Move is NoMove.
type Move uint32

const (
	// NoMove is the absence of a move.
	NoMove Move = 0
	// PassMove is a null move: the side to move passes.
	PassMove Move = 1 << 31

	movePromote Move = 1 << 14
	moveDrop    Move = 1 << 15
)

// MaxMoves bounds the number of moves in any position (the known maximum is
// 593); buffers of this size never overflow.
const MaxMoves = 600

// NewMove builds a board move of piece p from one square to another.
func NewMove(from, to Square, p Piece, promote bool) Move {
	m := Move(to) | Move(from)<<7 | Move(p)<<16
	if promote {
		m |= movePromote
	}
	return m
}

// NewDrop builds a drop of piece p on square to.
func NewDrop(p Piece, to Square) Move { return Move(to) | moveDrop | Move(p)<<16 }

// To returns the destination square.
func (m Move) To() Square { return Square(m & 127) }

// From returns the origin square of a board move.
func (m Move) From() Square { return Square(m >> 7 & 127) }

// IsDrop reports whether m drops a piece from hand.
func (m Move) IsDrop() bool { return m&moveDrop != 0 }

// IsPromotion reports whether m promotes the moving piece.
func (m Move) IsPromotion() bool { return m&movePromote != 0 }

// IsPass reports whether m is a pass.
func (m Move) IsPass() bool { return m == PassMove }

// Piece returns the moving (or dropped) piece as it was before the move.
func (m Move) Piece() Piece { return Piece(m >> 16 & 31) }

// DropType returns the kind dropped by a drop.
func (m Move) DropType() PieceType { return m.Piece().Type() }

// String returns the USI text of the move: "7g7f", "8h2b+", "P*5e", or
// "pass"; "none" for NoMove.
func (m Move) String() string {
	switch {
	case m == NoMove:
		return "none"
	case m.IsPass():
		return "pass"
	case m.IsDrop():
		return m.DropType().String() + "*" + m.To().String()
	case m.IsPromotion():
		return m.From().String() + m.To().String() + "+"
	}
	return m.From().String() + m.To().String()
}

// LineString is the moves in USI notation, separated by single spaces.
func LineString(ms []Move) string {
	b := make([]byte, 0, 6*len(ms))
	for i, m := range ms {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, m.String()...)
	}
	return string(b)
}
