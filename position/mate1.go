package position

// Mate1 returns a move that checkmates at once under strict rules, or
// NoMove. A pawn drop never mates (it would be an illegal pawn-drop mate,
// and the generators never produce one).
//
// Each check is first screened without playing it: if one of the king's
// present escape squares stays free after the check (the checking piece
// does not cover it and no line through the vacated square can open onto
// it), the check cannot mate. The checks that pass are played, and the
// defender is asked only whether it has any legal reply, stopping at the
// first: king steps, captures of the checker, drops, then interpositions.
func (p *Position) Mate1() Move {
	var buf [MaxMoves]Move
	return p.Mate1Among(p.GenerateChecks(buf[:0]))
}

// Mate1Among is Mate1 for a caller that has generated the checks already:
// it returns the first of checks (legal checking moves of this position,
// as GenerateChecks gives them) that checkmates under strict rules, or
// NoMove. Pawn drops are passed over, as in Mate1.
func (p *Position) Mate1Among(checks []Move) Move {
	us, them := p.side, p.side.Opp()
	ek := p.kings[them]
	if ek == NoSquare || len(checks) == 0 {
		return NoMove
	}
	// The squares the king could flee to now (the checks below add cover).
	occNoKing := p.occupied.Xor(squareBB[ek])
	esc0 := p.safeSquares(ek, stepAttacks[them][King][ek].AndNot(p.byColor[them]), us, occNoKing)
	for _, m := range checks {
		if m.IsDrop() && m.DropType() == Pawn {
			continue
		}
		if esc0.Any() && p.leavesEscape(m, esc0, occNoKing) {
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

// leavesEscape reports whether after the check m the king surely keeps one
// of the escape squares esc (all unattacked now; occNoKing is the present
// occupancy without the defending king). Only the moved piece and the
// sliders whose line opens through the square it leaves can newly cover a
// square, so an escape other than the destination that neither covers
// stays free.
func (p *Position) leavesEscape(m Move, esc, occNoKing Bitboard) bool {
	to := m.To()
	pc := m.Piece()
	occ := occNoKing.Or(squareBB[to])
	esc = esc.AndNot(squareBB[to])
	var from Square = NoSquare
	if !m.IsDrop() {
		from = m.From()
		occ = occ.AndNot(squareBB[from])
		if m.IsPromotion() {
			pc += Piece(Promoted)
		}
	}
	esc = esc.AndNot(Attacks(pc, to, occ))
	for esc.Any() {
		e := esc.Pop()
		if from == NoSquare || line[e][from].IsEmpty() {
			return true
		}
		// The mover still stands on from in the piece sets.
		if p.sliderAttackers(e, p.side, occ).AndNot(squareBB[from]).IsEmpty() {
			return true
		}
	}
	return false
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

// hasEvasion reports whether the side to move, in check, has a legal reply,
// without generating the replies.
func (p *Position) hasEvasion() bool { return p.hasReply(true) }

// HasBoardEvasion reports whether the side to move, in check, has a legal
// reply that is not a drop: a king move, a capture of the checker or a
// move between it and the king. It generates no moves.
func (p *Position) HasBoardEvasion() bool { return p.checkers.Any() && p.hasReply(false) }

// hasReply is hasEvasion, with the drops between king and checker counted
// or not.
func (p *Position) hasReply(drops bool) bool {
	us, them := p.side, p.side.Opp()
	ksq := p.kings[us]
	esc := stepAttacks[us][King][ksq].AndNot(p.byColor[us])
	if esc.Any() && p.safeSquares(ksq, esc, them, p.occupied.Xor(squareBB[ksq])).Any() {
		return true
	}
	if p.checkers.More() {
		return false
	}
	checker := p.checkers.First()
	pinned := p.Pinned(us)
	// A piece other than the king takes the checker, or steps between.
	if p.canReach(checker, pinned) {
		return true
	}
	block := between[ksq][checker]
	if block.IsEmpty() {
		return false
	}
	// Drops between king and checker.
	if h := p.hands[us]; drops && h != 0 {
		if h.Without(Pawn).Without(Lance).Without(Knight) != 0 {
			return true
		}
		for _, pt := range [3]PieceType{Pawn, Lance, Knight} {
			if h.Has(pt) && p.dropTargets(pt, block).Any() {
				return true
			}
		}
	}
	for block.Any() {
		if p.canReach(block.Pop(), pinned) {
			return true
		}
	}
	return false
}

// canReach reports whether a non-king piece of the side to move can legally
// move to s, given its pinned pieces (s must not be the king's square). Any
// piece that attacks s can move there: where the plain move would leave a
// piece dead, the promotion is available.
func (p *Position) canReach(s Square, pinned Bitboard) bool {
	us := p.side
	from := p.AttackersTo(s, us, p.occupied).AndNot(p.byType[King])
	if from.IsEmpty() {
		return false
	}
	if from.AndNot(pinned).Any() {
		return true
	}
	ksq := p.kings[us]
	for from.Any() {
		if line[ksq][from.Pop()].Has(s) {
			return true
		}
	}
	return false
}
