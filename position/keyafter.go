package position

// BoardKeyAfter returns the BoardKey the position would have after the
// legal move m, without playing it.
func (p *Position) BoardKeyAfter(m Move) uint64 {
	k := p.boardKey ^ zobristSide
	if m.IsPass() {
		return k
	}
	to := m.To()
	pc := m.Piece()
	if m.IsDrop() {
		return k ^ zobristPiece[pc][to]
	}
	from := m.From()
	k ^= zobristPiece[pc][from]
	if cap := p.board[to]; cap != NoPiece {
		k ^= zobristPiece[cap][to]
	}
	if m.IsPromotion() {
		pc += Piece(Promoted)
	}
	return k ^ zobristPiece[pc][to]
}

// HandAfter returns what colour c would hold after the legal move m.
func (p *Position) HandAfter(m Move, c Color) Hand {
	h := p.hands[c]
	if m.IsPass() || c != p.side {
		return h
	}
	if m.IsDrop() {
		return h.Sub(m.DropType())
	}
	if cap := p.board[m.To()]; cap != NoPiece {
		return h.Add(cap.Type().Unpromote())
	}
	return h
}

// Captured returns the piece m would capture, or NoPiece.
func (p *Position) Captured(m Move) Piece {
	if m.IsDrop() || m.IsPass() {
		return NoPiece
	}
	return p.board[m.To()]
}

// KeyAfter returns the full Key (board, side to move and hands) the
// position would have after the legal move m, without playing it.
func (p *Position) KeyAfter(m Move) uint64 {
	_, k := p.KeysAfter(m)
	return k
}

// KeysAfter returns both BoardKeyAfter(m) and KeyAfter(m), computing the
// board part once.
func (p *Position) KeysAfter(m Move) (board, full uint64) {
	hk := p.handKey
	us := p.side
	if m.IsDrop() {
		hk -= zobristHand[us][m.DropType()]
	} else if cap := p.Captured(m); cap != NoPiece {
		hk += zobristHand[us][cap.Type().Unpromote()]
	}
	board = p.BoardKeyAfter(m)
	return board, board ^ hk
}
