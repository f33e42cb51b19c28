package position

import "math/bits"

// Move generation. Every generator appends to a buffer the caller owns
// (make it MaxMoves long) and returns the extended slice; none allocates.
// All of them produce only legal moves: pins and king safety, the two-pawn
// rule, the pawn-drop mate, dead pieces and forced promotion are enforced.

var (
	// promoZone[c]: the three ranks where c's pieces may promote.
	promoZone [2]Bitboard
	// deadZone[c][pt]: squares where an unpromoted piece of kind pt could
	// never move again (pawn/lance last rank, knight last two ranks).
	deadZone [2][NumPieceTypes]Bitboard
	// promoTargets[c][from]: where a piece of c moving from from may
	// promote: anywhere if from is in the zone, else the zone.
	promoTargets [2][NumSquares]Bitboard
	// fileMask[f]: the nine squares of file f.
	fileMask [9]Bitboard
)

func init() {
	for s := Square(0); s < NumSquares; s++ {
		fileMask[s.File()].Set(s)
		for c := Black; c <= White; c++ {
			if inPromotionZone(c, s) {
				promoZone[c].Set(s)
			}
			for _, pt := range []PieceType{Pawn, Lance, Knight} {
				if deadSquare(c, pt, s) {
					deadZone[c][pt].Set(s)
				}
			}
		}
	}
	for s := Square(0); s < NumSquares; s++ {
		for c := Black; c <= White; c++ {
			promoTargets[c][s] = promoZone[c]
			if inPromotionZone(c, s) {
				promoTargets[c][s] = AllSquares
			}
		}
	}
}

// GenerateLegal appends every legal move, optional non-promotions included.
func (p *Position) GenerateLegal(buf []Move) []Move {
	if p.checkers.Any() {
		return p.GenerateEvasions(buf)
	}
	us := p.side
	target := p.byColor[us].Not()
	buf = p.genPieceMoves(buf, target, p.Pinned(us))
	buf = p.genKingMoves(buf, target)
	return p.genDrops(buf, p.occupied.Not())
}

// GenerateEvasions appends the legal moves of a side in check: king moves,
// captures of the checker and interpositions (moves and drops); only king
// moves under double check. The side to move must be in check.
func (p *Position) GenerateEvasions(buf []Move) []Move {
	us := p.side
	buf = p.genKingMoves(buf, p.byColor[us].Not())
	if p.checkers.More() || p.checkers.IsEmpty() {
		return buf
	}
	ksq := p.kings[us]
	checker := p.checkers.First()
	block := between[ksq][checker]
	buf = p.genMovesTo(buf, block.Or(squareBB[checker]), p.Pinned(us))
	return p.genDrops(buf, block)
}

// genMovesTo appends the moves of the non-king pieces of the side to move
// onto the few squares of targets, found from each square's attackers
// rather than from every piece's moves.
func (p *Position) genMovesTo(buf []Move, targets, pinned Bitboard) []Move {
	notKing := p.byType[King].Not()
	for targets.Any() {
		to := targets.Pop()
		buf = p.appendMovesOnto(buf, to, p.AttackersTo(to, p.side, p.occupied).And(notKing), pinned)
	}
	return buf
}

// appendMovesOnto appends the moves onto to of the side to move's non-king
// pieces on the squares from (pieces that attack to), keeping pinned
// pieces on their pin line.
func (p *Position) appendMovesOnto(buf []Move, to Square, from, pinned Bitboard) []Move {
	ksq := p.kings[p.side]
	for from.Any() {
		f := from.Pop()
		if pinned.Has(f) && !line[ksq][f].Has(to) {
			continue
		}
		buf = appendPieceMoves(buf, p.board[f], f, squareBB[to])
	}
	return buf
}

// genPieceMoves appends the moves of every non-king piece of the side to
// move to squares in target, keeping pinned pieces on their pin line.
// Unpinned pieces are generated kind by kind (pawns all at once); the few
// pinned ones go through the general path.
func (p *Position) genPieceMoves(buf []Move, target, pinned Bitboard) []Move {
	us := p.side
	occ := p.occupied
	free := p.byColor[us].AndNot(pinned)
	promo := &promoTargets[us]

	buf = appendPawnMoves(buf, us, p.byType[Pawn].And(free), target)
	pc, dead := NewPiece(us, Knight), deadZone[us][Knight]
	for b := p.byType[Knight].And(free); b.Any(); {
		from := b.Pop()
		dests := stepAttacks[us][Knight][from].And(target)
		buf = appendPlain(buf, pc, from, dests.AndNot(promo[from]))
		if pr := dests.And(promo[from]); pr.Any() {
			buf = appendPromotions(buf, pc, from, pr, dead)
		}
	}
	pc = NewPiece(us, Silver)
	for b := p.byType[Silver].And(free); b.Any(); {
		from := b.Pop()
		dests := stepAttacks[us][Silver][from].And(target)
		buf = appendPlain(buf, pc, from, dests.AndNot(promo[from]))
		if pr := dests.And(promo[from]); pr.Any() {
			buf = appendPromotions(buf, pc, from, pr, Bitboard{})
		}
	}
	for b := p.goldMovers().And(free); b.Any(); {
		from := b.Pop()
		buf = appendPlain(buf, p.board[from], from, stepAttacks[us][Gold][from].And(target))
	}
	pc, dead = NewPiece(us, Lance), deadZone[us][Lance]
	for b := p.byType[Lance].And(free); b.Any(); {
		from := b.Pop()
		dests := LanceAttacks(us, from, occ).And(target)
		buf = appendPlain(buf, pc, from, dests.AndNot(promo[from]))
		if pr := dests.And(promo[from]); pr.Any() {
			buf = appendPromotions(buf, pc, from, pr, dead)
		}
	}
	pc = NewPiece(us, Bishop)
	for b := p.byType[Bishop].And(free); b.Any(); {
		from := b.Pop()
		dests := BishopAttacks(from, occ).And(target)
		buf = appendPlain(buf, pc, from, dests.AndNot(promo[from]))
		if pr := dests.And(promo[from]); pr.Any() {
			buf = appendPromotions(buf, pc, from, pr, Bitboard{})
		}
	}
	pc = NewPiece(us, Rook)
	for b := p.byType[Rook].And(free); b.Any(); {
		from := b.Pop()
		dests := RookAttacks(from, occ).And(target)
		buf = appendPlain(buf, pc, from, dests.AndNot(promo[from]))
		if pr := dests.And(promo[from]); pr.Any() {
			buf = appendPromotions(buf, pc, from, pr, Bitboard{})
		}
	}
	pc = NewPiece(us, Horse)
	for b := p.byType[Horse].And(free); b.Any(); {
		from := b.Pop()
		buf = appendPlain(buf, pc, from, BishopAttacks(from, occ).Or(stepAttacks[us][King][from]).And(target))
	}
	pc = NewPiece(us, Dragon)
	for b := p.byType[Dragon].And(free); b.Any(); {
		from := b.Pop()
		buf = appendPlain(buf, pc, from, RookAttacks(from, occ).Or(stepAttacks[us][King][from]).And(target))
	}
	if pinned.Any() {
		ksq := p.kings[us]
		for b := pinned.AndNot(p.byType[King]); b.Any(); {
			from := b.Pop()
			pc := p.board[from]
			dests := Attacks(pc, from, occ).And(target).And(line[ksq][from])
			buf = appendPieceMoves(buf, pc, from, dests)
		}
	}
	return buf
}

// appendPawnMoves appends the moves of all the given pawns of colour us at
// once: one shift finds every destination.
func appendPawnMoves(buf []Move, us Color, pawns, target Bitboard) []Move {
	// A pawn never stands on its last rank, so the shift never carries a
	// pawn across files or words.
	var dests Bitboard
	back := Square(1) // from = to + back
	if us == Black {
		dests = Bitboard{pawns.Lo >> 1, pawns.Hi >> 1}
	} else {
		dests = Bitboard{pawns.Lo << 1 & AllSquares.Lo, pawns.Hi << 1 & hiMask}
		back = -1
	}
	dests = dests.And(target)
	pc := Move(NewPiece(us, Pawn)) << 16
	zone := promoZone[us]
	for t := dests.AndNot(zone); t.Any(); {
		to := t.Pop()
		buf = append(buf, pc|Move(to+back)<<7|Move(to))
	}
	dead := deadZone[us][Pawn]
	for t := dests.And(zone); t.Any(); {
		to := t.Pop()
		m := pc | Move(to+back)<<7 | Move(to)
		buf = append(buf, m|movePromote)
		if !dead.Has(to) {
			buf = append(buf, m)
		}
	}
	return buf
}

// appendPlain appends the moves of a piece that cannot promote.
func appendPlain(buf []Move, pc Piece, from Square, dests Bitboard) []Move {
	base := Move(pc)<<16 | Move(from)<<7
	for lo := dests.Lo; lo != 0; lo &= lo - 1 {
		buf = append(buf, base|Move(bits.TrailingZeros64(lo)))
	}
	for hi := dests.Hi; hi != 0; hi &= hi - 1 {
		buf = append(buf, base|Move(63+bits.TrailingZeros64(hi)))
	}
	return buf
}

// appendPromotions appends, for each square of dests (where the piece may
// promote), the promotion and, unless the piece would be dead there (a
// square of dead), the non-promotion.
func appendPromotions(buf []Move, pc Piece, from Square, dests, dead Bitboard) []Move {
	base := Move(pc)<<16 | Move(from)<<7
	for dests.Any() {
		to := dests.Pop()
		buf = append(buf, base|movePromote|Move(to))
		if !dead.Has(to) {
			buf = append(buf, base|Move(to))
		}
	}
	return buf
}

// appendPieceMoves appends the moves of pc (any kind but king) from one
// square to each of dests.
func appendPieceMoves(buf []Move, pc Piece, from Square, dests Bitboard) []Move {
	pt := pc.Type()
	if !pt.CanPromote() {
		return appendPlain(buf, pc, from, dests)
	}
	c := pc.Color()
	promo := promoTargets[c][from]
	buf = appendPlain(buf, pc, from, dests.AndNot(promo))
	return appendPromotions(buf, pc, from, dests.And(promo), deadZone[c][pt])
}

// genKingMoves appends the king moves to squares in target that the
// opponent does not attack.
func (p *Position) genKingMoves(buf []Move, target Bitboard) []Move {
	us := p.side
	ksq := p.kings[us]
	if ksq == NoSquare {
		return buf
	}
	dests := stepAttacks[us][King][ksq].And(target)
	if dests.IsEmpty() {
		return buf
	}
	base := Move(p.board[ksq])<<16 | Move(ksq)<<7
	for safe := p.safeSquares(ksq, dests, us.Opp(), p.occupied.Xor(squareBB[ksq])); safe.Any(); {
		buf = append(buf, base|Move(safe.Pop()))
	}
	return buf
}

// IsLegal reports whether m is a legal move in the position.
func (p *Position) IsLegal(m Move) bool {
	if m == NoMove {
		return false
	}
	if m.IsPass() {
		return !p.InCheck()
	}
	var buf [MaxMoves]Move
	for _, l := range p.GenerateLegal(buf[:0]) {
		if l == m {
			return true
		}
	}
	return false
}
