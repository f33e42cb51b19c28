package position

// Drops: the two-pawn rule, dead drops and the illegal pawn-drop mate.

// pawnFiles returns the squares of every file holding an unpromoted pawn
// of colour c.
func (p *Position) pawnFiles(c Color) Bitboard {
	var m Bitboard
	pawns := p.PiecesOf(c, Pawn)
	for pawns.Any() {
		m = m.Or(fileMask[pawns.Pop().File()])
	}
	return m
}

// dropRuleTargets returns the squares of target where the side to move may
// drop a piece of kind pt by the placement rules: not where it could never
// move again, and no second unpromoted pawn on a file. The rule against a
// mating pawn drop is dropTargets'.
func (p *Position) dropRuleTargets(pt PieceType, target Bitboard) Bitboard {
	target = target.AndNot(deadZone[p.side][pt])
	if pt == Pawn {
		target = target.AndNot(p.pawnFiles(p.side))
	}
	return target
}

// pawnDropTargets returns the squares of target where the side to move may
// drop a pawn: not dead, not a second pawn on a file, not a pawn-drop mate.
func (p *Position) pawnDropTargets(target Bitboard) Bitboard {
	us := p.side
	target = p.dropRuleTargets(Pawn, target)
	if ek := p.kings[us.Opp()]; ek != NoSquare {
		front := stepAttacks[us.Opp()][Pawn][ek]
		if target.Intersects(front) && p.isPawnDropMate(front.First()) {
			target = target.AndNot(front)
		}
	}
	return target
}

// dropTargets returns the squares of target where a piece of kind pt may be
// dropped by the side to move.
func (p *Position) dropTargets(pt PieceType, target Bitboard) Bitboard {
	if pt == Pawn {
		return p.pawnDropTargets(target)
	}
	return p.dropRuleTargets(pt, target)
}

// genDrops appends the drops of every kind in hand onto the squares of
// target (which must be empty squares). Squares are visited once; on each
// every kind allowed there is dropped (knights and lances are kept off the
// ranks where they would be dead).
func (p *Position) genDrops(buf []Move, target Bitboard) []Move {
	us := p.side
	h := p.hands[us]
	if h == 0 || target.IsEmpty() {
		return buf
	}
	if h.Has(Pawn) {
		pc := Move(NewPiece(us, Pawn))<<16 | moveDrop
		for t := p.pawnDropTargets(target); t.Any(); {
			buf = append(buf, pc|Move(t.Pop()))
		}
	}
	// kinds[:n] are the drops of the held kinds other than pawn, lance and
	// knight first, then lance, then knight: the first nAll fit anywhere,
	// the first nNoKnight anywhere but the knight's dead ranks.
	var kinds [6]Move
	n := 0
	for _, pt := range [4]PieceType{Rook, Bishop, Gold, Silver} {
		if h.Has(pt) {
			kinds[n] = Move(NewPiece(us, pt))<<16 | moveDrop
			n++
		}
	}
	nAny := n
	if h.Has(Lance) {
		kinds[n] = Move(NewPiece(us, Lance))<<16 | moveDrop
		n++
	}
	nNoKnight := n
	if h.Has(Knight) {
		kinds[n] = Move(NewPiece(us, Knight))<<16 | moveDrop
		n++
	}
	if n == 0 {
		return buf
	}
	far := target.And(deadZone[us][Knight]) // the last two ranks
	last := far.And(deadZone[us][Lance])    // the last rank
	for t := target.AndNot(far); t.Any(); {
		to := Move(t.Pop())
		for _, k := range kinds[:n] {
			buf = append(buf, k|to)
		}
	}
	for t := far.AndNot(last); t.Any(); {
		to := Move(t.Pop())
		for _, k := range kinds[:nNoKnight] {
			buf = append(buf, k|to)
		}
	}
	for t := last; t.Any(); {
		to := Move(t.Pop())
		for _, k := range kinds[:nAny] {
			buf = append(buf, k|to)
		}
	}
	return buf
}

// isPawnDropMate reports whether a pawn of the side to move dropped on to
// (the square in front of the opponent's king) would be checkmate.
func (p *Position) isPawnDropMate(to Square) bool {
	us, them := p.side, p.side.Opp()
	ek := p.kings[them]
	occ := p.occupied
	// The king takes the pawn unless we defend it.
	if !p.AttackersTo(to, us, occ).Any() {
		return false
	}
	// Another defender takes it, unless that exposes the king.
	takers := p.AttackersTo(to, them, occ).AndNot(p.byType[King])
	for takers.Any() {
		from := takers.Pop()
		after := occ.Xor(SquareBB(from)).Or(SquareBB(to))
		if !p.sliderAttackers(ek, us, after).Any() {
			return false
		}
	}
	// The king steps away.
	after := occ.Or(SquareBB(to)).Xor(SquareBB(ek))
	esc := stepAttacks[them][King][ek].AndNot(p.byColor[them]).AndNot(SquareBB(to))
	return p.safeSquares(ek, esc, us, after).IsEmpty()
}
