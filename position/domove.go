package position

// undoState is what DoMove saves so that UndoMove can restore it.
type undoState struct {
	move     Move
	captured Piece
	boardKey uint64
	handKey  uint64
	checkers Bitboard
}

// DoMove plays m, which must be legal (or PassMove when not in check).
// The piece sets change by one exclusive-or per set; the keys and the
// checkers are updated, not recomputed.
func (p *Position) DoMove(m Move) {
	us := p.side
	st := undoState{move: m, boardKey: p.boardKey, handKey: p.handKey, checkers: p.checkers}
	to := m.To()
	toBB := squareBB[to]
	switch {
	case m.IsPass():
	case m.IsDrop():
		pc := m.Piece()
		pt := pc.Type()
		p.hands[us] = p.hands[us].Sub(pt)
		p.handKey -= zobristHand[us][pt]
		p.board[to] = pc
		p.toggle(us, pt, toBB)
		p.boardKey ^= zobristPiece[pc][to]
	default:
		from := m.From()
		fromBB := squareBB[from]
		pc := m.Piece()
		if cap := p.board[to]; cap != NoPiece {
			st.captured = cap
			ct := cap.Type()
			p.byType[ct] = p.byType[ct].Xor(toBB)
			p.byColor[us.Opp()] = p.byColor[us.Opp()].Xor(toBB)
			p.boardKey ^= zobristPiece[cap][to]
			h := ct.Unpromote()
			p.hands[us] = p.hands[us].Add(h)
			p.handKey += zobristHand[us][h]
		} else {
			p.occupied = p.occupied.Xor(toBB)
		}
		p.occupied = p.occupied.Xor(fromBB)
		moved := pc
		if m.IsPromotion() {
			moved += Piece(Promoted)
		}
		p.byType[pc.Type()] = p.byType[pc.Type()].Xor(fromBB)
		p.byType[moved.Type()] = p.byType[moved.Type()].Xor(toBB)
		p.byColor[us] = p.byColor[us].Xor(fromBB.Or(toBB))
		p.board[from] = NoPiece
		p.board[to] = moved
		p.boardKey ^= zobristPiece[pc][from] ^ zobristPiece[moved][to]
		if pc.Type() == King {
			p.kings[us] = to
		}
	}
	p.history = append(p.history, st)
	p.side = us.Opp()
	p.boardKey ^= zobristSide
	p.moveNum++
	p.checkers = p.checkersAfter(m)
}

// toggle puts a piece of colour c and kind pt on the empty square of bb, or
// takes it off: one exclusive-or for each set the piece belongs to.
func (p *Position) toggle(c Color, pt PieceType, bb Bitboard) {
	p.byType[pt] = p.byType[pt].Xor(bb)
	p.byColor[c] = p.byColor[c].Xor(bb)
	p.occupied = p.occupied.Xor(bb)
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
		chk = squareBB[to]
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
	st := &p.history[len(p.history)-1]
	m := st.move
	us := p.side.Opp()
	p.side = us
	p.moveNum--
	to := m.To()
	toBB := squareBB[to]
	switch {
	case m.IsPass():
	case m.IsDrop():
		pt := m.Piece().Type()
		p.hands[us] = p.hands[us].Add(pt)
		p.board[to] = NoPiece
		p.toggle(us, pt, toBB)
	default:
		from := m.From()
		fromBB := squareBB[from]
		pc := m.Piece()
		moved := p.board[to]
		p.byType[moved.Type()] = p.byType[moved.Type()].Xor(toBB)
		p.byType[pc.Type()] = p.byType[pc.Type()].Xor(fromBB)
		p.byColor[us] = p.byColor[us].Xor(fromBB.Or(toBB))
		p.occupied = p.occupied.Xor(fromBB)
		p.board[from] = pc
		if cap := st.captured; cap != NoPiece {
			ct := cap.Type()
			p.byType[ct] = p.byType[ct].Xor(toBB)
			p.byColor[us.Opp()] = p.byColor[us.Opp()].Xor(toBB)
			p.hands[us] = p.hands[us].Sub(ct.Unpromote())
			p.board[to] = cap
		} else {
			p.occupied = p.occupied.Xor(toBB)
			p.board[to] = NoPiece
		}
		if pc.Type() == King {
			p.kings[us] = from
		}
	}
	p.boardKey, p.handKey, p.checkers = st.boardKey, st.handKey, st.checkers
	p.history = p.history[:len(p.history)-1]
}
