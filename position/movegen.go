package position

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
	buf = p.genPieceMoves(buf, block.Or(SquareBB(checker)), p.Pinned(us))
	return p.genDrops(buf, block)
}

// genPieceMoves appends the moves of every non-king piece of the side to
// move to squares in target, keeping pinned pieces on their pin line.
func (p *Position) genPieceMoves(buf []Move, target, pinned Bitboard) []Move {
	us := p.side
	ksq := p.kings[us]
	pcs := p.byColor[us].AndNot(p.byType[King])
	for pcs.Any() {
		from := pcs.Pop()
		pc := p.board[from]
		dests := Attacks(pc, from, p.occupied).And(target)
		if pinned.Has(from) {
			dests = dests.And(line[ksq][from])
		}
		buf = appendPieceMoves(buf, pc, from, dests)
	}
	return buf
}

// appendPieceMoves appends the moves of pc from one square to each of
// dests: the promotion where allowed, the non-promotion unless the piece
// would be dead.
func appendPieceMoves(buf []Move, pc Piece, from Square, dests Bitboard) []Move {
	pt := pc.Type()
	if !pt.CanPromote() {
		for dests.Any() {
			buf = append(buf, NewMove(from, dests.Pop(), pc, false))
		}
		return buf
	}
	c := pc.Color()
	zone := promoZone[c]
	if !zone.Has(from) {
		// Moves that stay outside the zone cannot promote.
		outside := dests.AndNot(zone)
		for outside.Any() {
			buf = append(buf, NewMove(from, outside.Pop(), pc, false))
		}
		dests = dests.And(zone)
	}
	dead := deadZone[c][pt]
	for dests.Any() {
		to := dests.Pop()
		buf = append(buf, NewMove(from, to, pc, true))
		if !dead.Has(to) {
			buf = append(buf, NewMove(from, to, pc, false))
		}
	}
	return buf
}

// genKingMoves appends the king moves to squares in target that the
// opponent does not attack.
func (p *Position) genKingMoves(buf []Move, target Bitboard) []Move {
	us := p.side
	ksq := p.kings[us]
	if ksq == NoSquare {
		return buf
	}
	king := p.board[ksq]
	occ := p.occupied.Xor(SquareBB(ksq))
	dests := stepAttacks[us][King][ksq].And(target)
	for dests.Any() {
		to := dests.Pop()
		if !p.AttackersTo(to, us.Opp(), occ).Any() {
			buf = append(buf, NewMove(ksq, to, king, false))
		}
	}
	return buf
}

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

// dropTargets returns the squares of target where a piece of kind pt may be
// dropped by the side to move: not dead, not a second pawn on a file, not a
// pawn-drop mate.
func (p *Position) dropTargets(pt PieceType, target Bitboard) Bitboard {
	us := p.side
	switch pt {
	case Pawn:
		target = target.AndNot(deadZone[us][Pawn]).AndNot(p.pawnFiles(us))
		if ek := p.kings[us.Opp()]; ek != NoSquare {
			front := stepAttacks[us.Opp()][Pawn][ek]
			if target.Intersects(front) && p.isPawnDropMate(front.First()) {
				target = target.AndNot(front)
			}
		}
	case Lance, Knight:
		target = target.AndNot(deadZone[us][pt])
	}
	return target
}

// genDrops appends the drops of every kind in hand onto the squares of
// target (which must be empty squares).
func (p *Position) genDrops(buf []Move, target Bitboard) []Move {
	us := p.side
	h := p.hands[us]
	if h == 0 || target.IsEmpty() {
		return buf
	}
	for _, pt := range HandTypes {
		if !h.Has(pt) {
			continue
		}
		pc := NewPiece(us, pt)
		t := p.dropTargets(pt, target)
		for t.Any() {
			buf = append(buf, NewDrop(pc, t.Pop()))
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
		if !p.sliderAttacksOn(ek, us, after) {
			return false
		}
	}
	// The king steps away.
	after := occ.Or(SquareBB(to)).Xor(SquareBB(ek))
	esc := stepAttacks[them][King][ek].AndNot(p.byColor[them]).AndNot(SquareBB(to))
	for esc.Any() {
		if !p.AttackersTo(esc.Pop(), us, after).Any() {
			return false
		}
	}
	return true
}

// sliderAttacksOn reports whether a lance, bishop, rook, horse or dragon of
// colour c attacks s through occupancy occ.
func (p *Position) sliderAttacksOn(s Square, c Color, occ Bitboard) bool {
	them := c.Opp()
	a := LanceAttacks(them, s, occ).And(p.byType[Lance]).
		Or(BishopAttacks(s, occ).And(p.byType[Bishop].Or(p.byType[Horse]))).
		Or(RookAttacks(s, occ).And(p.byType[Rook].Or(p.byType[Dragon])))
	return a.Intersects(p.byColor[c])
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
