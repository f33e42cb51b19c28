package position

// Attack queries on a position: who attacks a square, pins, discoverers.
// Each slider kind is tested only when a piece of that kind stands on one
// of the square's lines (an empty-board test from a table), so the common
// "nothing attacks here" answer costs a few table lookups.

// attackersOfKing returns the pieces attacking c's king (none without one).
func (p *Position) attackersOfKing(c Color) Bitboard {
	k := p.kings[c]
	if k == NoSquare {
		return Bitboard{}
	}
	return p.AttackersTo(k, c.Opp(), p.occupied)
}

// goldMovers returns the pieces of both colours that move like a gold.
func (p *Position) goldMovers() Bitboard {
	t := &p.byType
	return Bitboard{
		t[Gold].Lo | t[ProPawn].Lo | t[ProLance].Lo | t[ProKnight].Lo | t[ProSilver].Lo,
		t[Gold].Hi | t[ProPawn].Hi | t[ProLance].Hi | t[ProKnight].Hi | t[ProSilver].Hi,
	}
}

// AttackersTo returns colour c's pieces that attack s, with occupancy occ
// for the sliders.
func (p *Position) AttackersTo(s Square, c Color, occ Bitboard) Bitboard {
	them := c.Opp() // a piece of c attacks s iff the same kind of them on s attacks it
	own := p.byColor[c]
	hd := p.byType[Horse].Or(p.byType[Dragon])
	a := stepAttacks[them][Pawn][s].And(p.byType[Pawn]).
		Or(stepAttacks[them][Knight][s].And(p.byType[Knight])).
		Or(stepAttacks[them][Silver][s].And(p.byType[Silver])).
		Or(stepAttacks[them][Gold][s].And(p.goldMovers())).
		Or(stepAttacks[them][King][s].And(p.byType[King].Or(hd))).
		And(own)
	return a.Or(p.sliderAttackers(s, c, occ))
}

// sliderAttackers returns colour c's lances, bishops, rooks, horses and
// dragons that attack s through occupancy occ.
func (p *Position) sliderAttackers(s Square, c Color, occ Bitboard) Bitboard {
	var a Bitboard
	own := p.byColor[c]
	if l := p.byType[Lance].And(own).And(rays[lanceDir[c.Opp()]][s]); l.Any() {
		a = LanceAttacks(c.Opp(), s, occ).And(l)
	}
	if b := p.byType[Bishop].Or(p.byType[Horse]).And(own).And(bishopReach[s]); b.Any() {
		a = a.Or(BishopAttacks(s, occ).And(b))
	}
	if r := p.byType[Rook].Or(p.byType[Dragon]).And(own).And(rookReach[s]); r.Any() {
		a = a.Or(RookAttacks(s, occ).And(r))
	}
	return a
}

// IsAttacked reports whether colour c attacks s.
func (p *Position) IsAttacked(s Square, c Color) bool {
	return p.AttackersTo(s, c, p.occupied).Any()
}

// sliderBlockers returns the pieces (of either colour) that stand alone
// between square k and a slider of colour c aiming at k: removing one of
// them would expose k to that slider.
func (p *Position) sliderBlockers(k Square, c Color) Bitboard {
	var res Bitboard
	own := p.byColor[c]
	snipers := bishopReach[k].And(p.byType[Bishop].Or(p.byType[Horse])).
		Or(rookReach[k].And(p.byType[Rook].Or(p.byType[Dragon]))).
		Or(rays[lanceDir[c.Opp()]][k].And(p.byType[Lance])).
		And(own)
	for snipers.Any() {
		s := snipers.Pop()
		b := between[k][s].And(p.occupied)
		if b.Any() && !b.More() {
			res = res.Or(b)
		}
	}
	return res
}

// Pinned returns colour c's pieces pinned to c's king.
func (p *Position) Pinned(c Color) Bitboard {
	k := p.kings[c]
	if k == NoSquare {
		return Bitboard{}
	}
	return p.sliderBlockers(k, c.Opp()).And(p.byColor[c])
}

// Discoverers returns colour c's pieces whose move off the line would
// uncover a check on the opponent's king by a slider of c.
func (p *Position) Discoverers(c Color) Bitboard {
	k := p.kings[c.Opp()]
	if k == NoSquare {
		return Bitboard{}
	}
	return p.sliderBlockers(k, c).And(p.byColor[c])
}

// safeSquares returns the squares of dests, all neighbours of square
// around, that colour c does not attack with occupancy occ: where a king on
// around may step. The squares c's pieces near around attack by a step are
// taken out first (only those can step onto around's neighbours), then
// those of each slider whose lines reach one of the squares left.
func (p *Position) safeSquares(around Square, dests Bitboard, c Color, occ Bitboard) Bitboard {
	own := p.byColor[c]
	for b := own.And(kingNeighbourhood[around]); b.Any(); {
		f := b.Pop()
		switch pt := p.board[f].Type(); pt {
		case Pawn, Knight, Silver, Gold, King:
			dests = dests.AndNot(stepAttacks[c][pt][f])
		case ProPawn, ProLance, ProKnight, ProSilver:
			dests = dests.AndNot(stepAttacks[c][Gold][f])
		case Horse, Dragon:
			dests = dests.AndNot(stepAttacks[c][King][f])
		}
	}
	if dests.IsEmpty() {
		return dests
	}
	for b := p.byType[Lance].And(own); b.Any(); {
		if f := b.Pop(); rays[lanceDir[c]][f].Intersects(dests) {
			dests = dests.AndNot(LanceAttacks(c, f, occ))
		}
	}
	for b := p.byType[Bishop].Or(p.byType[Horse]).And(own); b.Any(); {
		if f := b.Pop(); bishopReach[f].Intersects(dests) {
			dests = dests.AndNot(BishopAttacks(f, occ))
		}
	}
	for b := p.byType[Rook].Or(p.byType[Dragon]).And(own); b.Any(); {
		if f := b.Pop(); rookReach[f].Intersects(dests) {
			dests = dests.AndNot(RookAttacks(f, occ))
		}
	}
	return dests
}
