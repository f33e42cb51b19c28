package position

// Mate1 returns a move that checkmates at once under strict rules, or
// NoMove. A pawn drop never mates (it would be an illegal pawn-drop mate,
// and the generators never produce one).
//
// It plays each check and asks only whether the defender has any legal
// reply, stopping at the first: king steps, then captures of the checker,
// then interpositions; far cheaper than generating every evasion.
func (p *Position) Mate1() Move {
	var buf [MaxMoves]Move
	for _, m := range p.GenerateChecks(buf[:0]) {
		if m.IsDrop() && m.DropType() == Pawn {
			continue
		}
		p.DoMove(m)
		mate := !p.hasEvasion()
		p.UndoMove()
		if mate {
			return m
		}
	}
	return NoMove
}

// IsMate reports whether the side to move is checkmated.
func (p *Position) IsMate() bool { return p.checkers.Any() && !p.hasEvasion() }

// HasLegalMove reports whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool {
	if p.checkers.Any() {
		return p.hasEvasion()
	}
	var buf [MaxMoves]Move
	return len(p.GenerateLegal(buf[:0])) > 0
}

// hasEvasion reports whether the side to move, in check, has a legal reply.
func (p *Position) hasEvasion() bool {
	us, them := p.side, p.side.Opp()
	ksq := p.kings[us]
	occ := p.occupied.Xor(SquareBB(ksq))
	esc := stepAttacks[us][King][ksq].AndNot(p.byColor[us])
	for esc.Any() {
		if !p.AttackersTo(esc.Pop(), them, occ).Any() {
			return true
		}
	}
	if p.checkers.More() {
		return false
	}
	checker := p.checkers.First()
	pinned := p.Pinned(us)
	// Captures of the checker by a piece other than the king.
	takers := p.AttackersTo(checker, us, p.occupied).AndNot(p.byType[King])
	for takers.Any() {
		if from := takers.Pop(); !pinned.Has(from) || line[ksq][from].Has(checker) {
			return true
		}
	}
	block := between[ksq][checker]
	if block.IsEmpty() {
		return false
	}
	// Drops between king and checker.
	if h := p.hands[us]; h != 0 {
		if h.Without(Pawn).Without(Lance).Without(Knight) != 0 {
			return true
		}
		for _, pt := range [3]PieceType{Pawn, Lance, Knight} {
			if h.Has(pt) && p.dropTargets(pt, block).Any() {
				return true
			}
		}
	}
	// Interposing moves.
	var buf [MaxMoves]Move
	return len(p.genPieceMoves(buf[:0], block, pinned)) > 0
}
