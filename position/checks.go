package position

// checkSquares returns, for each kind, the squares from which a piece of
// that kind of the side to move would attack the opponent's king at ek.
func (p *Position) checkSquares(ek Square) (chk [NumPieceTypes]Bitboard) {
	them := p.side.Opp()
	occ := p.occupied
	gold := stepAttacks[them][Gold][ek]
	king := stepAttacks[them][King][ek]
	bishop := BishopAttacks(ek, occ)
	rook := RookAttacks(ek, occ)
	chk[Pawn] = stepAttacks[them][Pawn][ek]
	chk[Lance] = LanceAttacks(them, ek, occ)
	chk[Knight] = stepAttacks[them][Knight][ek]
	chk[Silver] = stepAttacks[them][Silver][ek]
	chk[Gold] = gold
	chk[Bishop] = bishop
	chk[Rook] = rook
	chk[ProPawn], chk[ProLance], chk[ProKnight], chk[ProSilver] = gold, gold, gold, gold
	chk[Horse] = bishop.Or(king)
	chk[Dragon] = rook.Or(king)
	return chk
}

// GivesCheck reports whether the legal move m checks the opponent's king:
// directly, or by opening the line of a slider through the square it
// leaves (tested with the occupancy after the move).
func (p *Position) GivesCheck(m Move) bool {
	us := p.side
	ek := p.kings[us.Opp()]
	if ek == NoSquare || m.IsPass() {
		return false
	}
	to := m.To()
	pc := m.Piece()
	occ := p.occupied.Or(squareBB[to])
	if !m.IsDrop() {
		from := m.From()
		occ = occ.AndNot(squareBB[from])
		if m.IsPromotion() {
			pc += Piece(Promoted)
		}
		// The mover itself still stands on from in the piece sets.
		if l := line[ek][from]; l.Any() && p.sliderAttackers(ek, us, occ).And(l).AndNot(squareBB[from]).Any() {
			return true
		}
	}
	return Attacks(pc, to, occ).Has(ek)
}

// GenerateChecks appends every legal move that checks the opponent's king:
// direct and discovered checks, drops, promotions and non-promotions. When
// the side to move is itself in check it appends exactly the legal evasions
// that give check. Without an opponent king there is no check.
func (p *Position) GenerateChecks(buf []Move) []Move {
	us, them := p.side, p.side.Opp()
	ek := p.kings[them]
	if ek == NoSquare {
		return buf
	}
	if p.checkers.Any() {
		start := len(buf)
		return retain(p.GenerateEvasions(buf), start, p.GivesCheck)
	}
	chk := p.checkSquares(ek)
	ksq := p.kings[us]
	pinned := p.Pinned(us)
	disc := p.Discoverers(us)
	target := p.byColor[us].Not()

	// Only discoverers, sliders and the step pieces standing where they
	// might reach a checking square need a look.
	pcs := disc.AndNot(p.byType[King]).Or(p.checkCandidates(us, ek))
	for pcs.Any() {
		from := pcs.Pop()
		pc := p.board[from]
		dests := Attacks(pc, from, p.occupied).And(target)
		if pinned.Has(from) {
			dests = dests.And(line[ksq][from])
		}
		if disc.Has(from) {
			off := dests.AndNot(line[ek][from])
			buf = appendPieceMoves(buf, pc, from, off)
			dests = dests.And(line[ek][from])
		}
		buf = appendCheckingMoves(buf, pc, from, dests, &chk)
	}
	if ksq != NoSquare && disc.Has(ksq) {
		buf = p.genKingMoves(buf, target.AndNot(line[ek][ksq]))
	}
	if h := p.hands[us]; h != 0 {
		empty := p.occupied.Not()
		for _, pt := range HandTypes {
			if !h.Has(pt) {
				continue
			}
			t := chk[pt].And(empty)
			if t.IsEmpty() {
				continue
			}
			t = p.dropTargets(pt, t)
			pc := NewPiece(us, pt)
			for t.Any() {
				buf = append(buf, NewDrop(pc, t.Pop()))
			}
		}
	}
	return buf
}

// checkCandidates returns the pieces of side us (not its king) that may
// check the king on ek by moving: the sliders, and the step pieces
// standing where they might reach a checking square.
func (p *Position) checkCandidates(us Color, ek Square) Bitboard {
	return p.byType[Bishop].Or(p.byType[Rook]).Or(p.byType[Horse]).Or(p.byType[Dragon]).
		Or(p.byType[Pawn].And(checkCand[us][Pawn][ek])).
		Or(p.byType[Lance].And(checkCand[us][Lance][ek])).
		Or(p.byType[Knight].And(checkCand[us][Knight][ek])).
		Or(p.byType[Silver].And(checkCand[us][Silver][ek])).
		Or(p.goldMovers().And(checkCand[us][Gold][ek])).
		And(p.byColor[us]).AndNot(p.byType[King])
}

// appendCheckingMoves appends the moves of pc from one square to dests
// that check directly: each promotion whose promoted piece attacks the
// king, each allowed non-promotion whose piece does.
func appendCheckingMoves(buf []Move, pc Piece, from Square, dests Bitboard, chk *[NumPieceTypes]Bitboard) []Move {
	promo, plain := checkingSquares(pc, from, chk)
	t := dests.And(promo.Or(plain))
	for t.Any() {
		to := t.Pop()
		if promo.Has(to) {
			buf = append(buf, NewMove(from, to, pc, true))
		}
		if plain.Has(to) {
			buf = append(buf, NewMove(from, to, pc, false))
		}
	}
	return buf
}

// checkingSquares returns, for a piece pc on from, the squares onto which
// its promotion checks (promo; none for a piece that cannot promote) and
// those onto which it checks unpromoted and may stay so (plain).
func checkingSquares(pc Piece, from Square, chk *[NumPieceTypes]Bitboard) (promo, plain Bitboard) {
	pt, c := pc.Type(), pc.Color()
	if !pt.CanPromote() {
		return Bitboard{}, chk[pt]
	}
	promo = chk[pt.Promote()]
	if !promoZone[c].Has(from) {
		promo = promo.And(promoZone[c])
	}
	return promo, chk[pt].AndNot(deadZone[c][pt])
}

// CountChecks returns about how many checks the side to move has, without
// listing them (the search's estimate of how hard a position is to
// disprove): the squares each piece on the board moves to with a direct
// check, once per square whether it promotes or not; each piece that
// would uncover a check, once; and the squares of each kind in hand where
// its drop checks. Unlike GenerateChecks it does not look at pins, at the
// rule against a mating pawn drop, or, in check, at whether a move
// answers the check.
func (p *Position) CountChecks() int {
	us, them := p.side, p.side.Opp()
	ek := p.kings[them]
	if ek == NoSquare {
		return 0
	}
	chk := p.checkSquares(ek)
	disc := p.Discoverers(us)
	n := disc.Count()
	pcs := p.checkCandidates(us, ek).AndNot(disc)
	target := p.byColor[us].Not()
	for pcs.Any() {
		from := pcs.Pop()
		pc := p.board[from]
		promo, plain := checkingSquares(pc, from, &chk)
		n += Attacks(pc, from, p.occupied).And(target).And(promo.Or(plain)).Count()
	}
	if h := p.hands[us]; h != 0 {
		empty := p.occupied.Not()
		for _, pt := range HandTypes {
			if !h.Has(pt) {
				continue
			}
			n += p.dropRuleTargets(pt, chk[pt].And(empty)).Count()
		}
	}
	return n
}

// DirectChecksTo appends the legal moves of the side to move's pieces on
// the board (not its king) onto the square to, promotions and allowed
// non-promotions, after which the moved piece itself attacks the
// opponent's king. Discovered checks are the caller's to exclude: such a
// move is listed when the piece also checks directly. It is the part of
// GenerateChecks that moves onto one square, found from that square's
// attackers (from the evasions when the side to move is in check).
func (p *Position) DirectChecksTo(buf []Move, to Square) []Move {
	us := p.side
	if p.kings[us.Opp()] == NoSquare || p.byColor[us].Has(to) {
		return buf
	}
	start := len(buf)
	if p.checkers.Any() {
		buf = p.GenerateEvasions(buf)
	} else {
		from := p.AttackersTo(to, us, p.occupied).AndNot(p.byType[King])
		if from.IsEmpty() {
			return buf
		}
		buf = p.appendMovesOnto(buf, to, from, p.Pinned(us))
	}
	return retain(buf, start, func(m Move) bool { return !m.IsDrop() && m.To() == to && p.checksFrom(m) })
}

// retain keeps in place, in order, the moves of buf[start:] for which keep
// holds.
func retain(buf []Move, start int, keep func(Move) bool) []Move {
	n := start
	for _, m := range buf[start:] {
		if keep(m) {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// checksFrom reports whether the board move m's piece, on its destination
// (promoted if m promotes), attacks the opponent's king.
func (p *Position) checksFrom(m Move) bool {
	pc := m.Piece()
	if m.IsPromotion() {
		pc += Piece(Promoted)
	}
	occ := p.occupied.AndNot(squareBB[m.From()]).Or(squareBB[m.To()])
	return Attacks(pc, m.To(), occ).Has(p.kings[p.side.Opp()])
}
