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

// undoState is what DoMove saves so that UndoMove can restore it.
type undoState struct {
	move     Move
	captured Piece
	boardKey uint64
	handKey  uint64
	checkers Bitboard
}

// SideToMove returns the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

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

func (p *Position) remove(s Square) {
	pc := p.board[s]
	p.board[s] = NoPiece
	p.byType[pc.Type()].Clear(s)
	p.byColor[pc.Color()].Clear(s)
	p.occupied.Clear(s)
	p.boardKey ^= zobristPiece[pc][s]
	if pc.Type() == King {
		p.kings[pc.Color()] = NoSquare
	}
}

// DoMove plays m, which must be legal (or PassMove when not in check).
func (p *Position) DoMove(m Move) {
	p.history = append(p.history, undoState{
		move: m, captured: p.board[m.To()], boardKey: p.boardKey, handKey: p.handKey, checkers: p.checkers,
	})
	us := p.side
	switch {
	case m.IsPass():
		p.history[len(p.history)-1].captured = NoPiece
	case m.IsDrop():
		pt := m.DropType()
		p.hands[us] = p.hands[us].Sub(pt)
		p.handKey -= zobristHand[us][pt]
		p.put(m.Piece(), m.To())
	default:
		from, to := m.From(), m.To()
		if cap := p.board[to]; cap != NoPiece {
			pt := cap.Type().Unpromote()
			p.remove(to)
			p.hands[us] = p.hands[us].Add(pt)
			p.handKey += zobristHand[us][pt]
		}
		pc := p.board[from]
		p.remove(from)
		if m.IsPromotion() {
			pc += Piece(Promoted)
		}
		p.put(pc, to)
	}
	p.side = us.Opp()
	p.boardKey ^= zobristSide
	p.moveNum++
	p.checkers = p.checkersAfter(m)
}

// checkersAfter returns the pieces checking the side to move right after
// the mover played m. Before m the side to move was not in check, so only
// the moved piece can check directly, and only a slider behind the square
// it left can check by discovery.
func (p *Position) checkersAfter(m Move) Bitboard {
	k := p.kings[p.side]
	if k == NoSquare || m.IsPass() {
		return Bitboard{}
	}
	us := p.side.Opp()
	to := m.To()
	var chk Bitboard
	if Attacks(p.board[to], to, p.occupied).Has(k) {
		chk = SquareBB(to)
	}
	if !m.IsDrop() {
		if l := line[k][m.From()]; l.Any() {
			chk = chk.Or(p.sliderAttackers(k, us, p.occupied).And(l))
		}
	}
	return chk
}

// UndoMove takes back the last move played.
func (p *Position) UndoMove() {
	st := p.history[len(p.history)-1]
	p.history = p.history[:len(p.history)-1]
	m := st.move
	p.side = p.side.Opp()
	us := p.side
	p.moveNum--
	switch {
	case m.IsPass():
	case m.IsDrop():
		p.remove(m.To())
		p.hands[us] = p.hands[us].Add(m.DropType())
	default:
		from, to := m.From(), m.To()
		p.remove(to)
		p.put(m.Piece(), from)
		if st.captured != NoPiece {
			p.put(st.captured, to)
			p.hands[us] = p.hands[us].Sub(st.captured.Type().Unpromote())
		}
	}
	p.boardKey, p.handKey, p.checkers = st.boardKey, st.handKey, st.checkers
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
