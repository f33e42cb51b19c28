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
// around may step. Only c's pieces near around can step onto its
// neighbours, and each slider kind is tested only if one stands on a line
// through the square.
func (p *Position) safeSquares(around Square, dests Bitboard, c Color, occ Bitboard) Bitboard {
	them := c.Opp() // a piece of c attacks s iff the same kind of them on s attacks it
	own := p.byColor[c]
	lances := p.byType[Lance].And(own)
	bishops := p.byType[Bishop].Or(p.byType[Horse]).And(own)
	rooks := p.byType[Rook].Or(p.byType[Dragon]).And(own)
	near := own.And(kingNeighbourhood[around])
	lanceRays := &rays[lanceDir[them]]
	var pawns, knights, silvers, golds, kings Bitboard
	if near.Any() {
		pawns = p.byType[Pawn].And(near)
		knights = p.byType[Knight].And(near)
		silvers = p.byType[Silver].And(near)
		golds = p.goldMovers().And(near)
		kings = p.byType[King].Or(p.byType[Horse]).Or(p.byType[Dragon]).And(near)
	}
	var safe Bitboard
	for dests.Any() {
		to := dests.Pop()
		if near.Any() && stepAttacks[them][Pawn][to].And(pawns).
			Or(stepAttacks[them][Knight][to].And(knights)).
			Or(stepAttacks[them][Silver][to].And(silvers)).
			Or(stepAttacks[them][Gold][to].And(golds)).
			Or(stepAttacks[them][King][to].And(kings)).Any() {
			continue
		}
		if l := lances.And(lanceRays[to]); l.Any() && LanceAttacks(them, to, occ).Intersects(l) {
			continue
		}
		if b := bishops.And(bishopReach[to]); b.Any() && BishopAttacks(to, occ).Intersects(b) {
			continue
		}
		if r := rooks.And(rookReach[to]); r.Any() && RookAttacks(to, occ).Intersects(r) {
			continue
		}
		safe = safe.Or(squareBB[to])
	}
	return safe
}
