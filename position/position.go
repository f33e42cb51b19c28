package position

// Position is a shogi position with the history needed to undo moves and
// detect repetitions. The zero value is not usable: build one with
// FromSFEN or Startpos.
type Position struct {
	board    [NumSquares]Piece
	byType   [NumPieceTypes]Bitboard // both colours
	byColor  [2]Bitboard
	occupied Bitboard
	hands    [2]Hand
	kings    [2]Square // NoSquare when a side has no king
	side     Color
	moveNum  int

	boardKey uint64 // pieces on the board and the side to move
	handKey  uint64 // both hands
	checkers Bitboard

	history []undoState
}

// SideToMove returns the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// A Diagram is a position without history, to be edited: a board, two
// hands and the side to move.
type Diagram struct {
	Board [NumSquares]Piece
	Hands [2]Hand
	Side  Color
}

// Diagram returns the board, both hands and the side to move.
func (p *Position) Diagram() Diagram {
	return Diagram{Board: p.board, Hands: p.hands, Side: p.side}
}

// Hand returns what colour c holds.
func (p *Position) Hand(c Color) Hand { return p.hands[c] }

// KingSquare returns c's king square, or NoSquare when c has no king.
func (p *Position) KingSquare(c Color) Square { return p.kings[c] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.occupied }

// Pieces returns the squares of colour c's pieces.
func (p *Position) Pieces(c Color) Bitboard { return p.byColor[c] }

// PiecesOf returns the squares of colour c's pieces of kind pt.
func (p *Position) PiecesOf(c Color, pt PieceType) Bitboard {
	return p.byType[pt].And(p.byColor[c])
}

// BoardKey returns the Zobrist key of the board and the side to move,
// without the hands.
func (p *Position) BoardKey() uint64 { return p.boardKey }

// Key returns the full key: board, side to move and both hands.
func (p *Position) Key() uint64 { return p.boardKey ^ p.handKey }

// MoveNumber returns the SFEN move number.
func (p *Position) MoveNumber() int { return p.moveNum }

// Ply returns the number of moves played since the position was set up.
func (p *Position) Ply() int { return len(p.history) }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkers.Any() }

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers }

// LastMove returns the last move played, or NoMove.
func (p *Position) LastMove() Move {
	if len(p.history) == 0 {
		return NoMove
	}
	return p.history[len(p.history)-1].move
}

// put places pc on the empty square s, updating the piece sets, the king
// square and the board key (used to set a position up).
func (p *Position) put(pc Piece, s Square) {
	p.board[s] = pc
	p.byType[pc.Type()].Set(s)
	p.byColor[pc.Color()].Set(s)
	p.occupied.Set(s)
	p.boardKey ^= zobristPiece[pc][s]
	if pc.Type() == King {
		p.kings[pc.Color()] = s
	}
}

// Clone returns an independent copy of the position with its history.
func (p *Position) Clone() *Position {
	q := *p
	q.history = append(make([]undoState, 0, cap(p.history)), p.history...)
	return &q
}

// Repetitions counts how many earlier positions in the history have the
// same full key as the current one, looking back at most the whole history.
func (p *Position) Repetitions() int {
	k := p.Key()
	n := 0
	// The same position recurs only with the same side to move: step by 2.
	for i := len(p.history) - 2; i >= 0; i -= 2 {
		if p.history[i].boardKey^p.history[i].handKey == k {
			n++
		}
	}
	return n
}

// CopyFrom makes p a copy of q without q's history: p's moves can then be
// undone back to q's position, not beyond. p keeps its own history buffer,
// so a copy allocates nothing once that buffer has grown.
func (p *Position) CopyFrom(q *Position) {
	h := p.history[:0]
	*p = *q
	p.history = h
}
