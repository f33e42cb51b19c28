package position

// Retraction: the moves that could have led to a position, for building
// problems backwards (Hirose's reverse method, 逆算法).

// Retraction is one un-move of a position P: a prior position Q and a legal
// move of Q that leads to P. It is relative to P: P, the move and the
// captured piece determine Q.
type Retraction struct {
	// Move is the move played in Q exactly as Q's GenerateLegal produces
	// it: origin, destination, the piece before the move (unpromoted when
	// the move promoted), the promotion flag, or a drop.
	Move Move
	// Captured is the piece the move took, as it stood on Move.To() in Q
	// (promoted or not), or NoPiece.
	Captured Piece
}

// MaxRetractions bounds the number of retractions of any position: a
// buffer of this size never grows. Per destination there are at most 36
// (origin, piece) pairs for a dragon or a horse (20 origins as itself, 16
// as the unpromoted rook or bishop), at most 14 for any other piece (a
// promoted lance: 6 gold steps and 8 lance origins), and each pair takes
// at most 14 forms (no capture, or one of the 13 opponent pieces a hand of
// P L N S G B R can come from: six kinds promoted or not, and gold). With
// four rook or bishop kinds and 36 other pieces: (4*36 + 36*14) * 14 plus
// 40 drops is 9112.
const MaxRetractions = 10000

// String returns the move in USI text, followed by "x" and the SFEN letters
// of the captured piece when there is one ("8h2b+x+r").
func (r Retraction) String() string {
	if r.Captured == NoPiece {
		return r.Move.String()
	}
	return r.Move.String() + "x" + r.Captured.String()
}

// Retractions appends to buf every retraction of p: each (Q, m) such that Q
// is a legal position (no dead piece, no two unpromoted pawns of a side on a
// file, the side not to move not in check), m is a legal move of Q (as
// GenerateLegal produces it: pins, king safety, forced promotion, the
// two-pawn rule, the illegal pawn-drop mate), and Q after m is p: the same
// board, hands and side to move. The mover is the side not to move in p.
// Each (Q, m) appears once. p must be a valid position, as FromSFEN and
// DoMove keep it; it is not changed, and nothing is allocated when buf has
// room (MaxRetractions always suffices).
//
// A retraction is one of:
//   - a board move of the mover's piece now on to, from an empty square
//     from which it reaches to through the squares empty in p: as the same
//     piece, or, for a promoted piece with from or to in the mover's zone,
//     as its unpromoted form (a promotion);
//   - the same with a capture: an opponent piece of a kind the mover holds,
//     promoted or not, stood on to in Q and went to the mover's hand;
//   - a drop of an unpromoted piece other than a king, back to the hand.
//
// In tsume the pieces neither on the board nor in the attacker's hand are
// the defender's. A retraction only moves a piece between the board and
// the mover's hand, so it keeps that true for whichever side moved.
func (p *Position) Retractions(buf []Retraction) []Retraction {
	them := p.side   // to move in p; not to move in Q
	us := them.Opp() // the mover, to move in Q
	// After a legal move the mover's king is safe; so is it in p, or p has
	// no retraction at all.
	if p.attackersOfKing(us).Any() {
		return buf
	}
	g := retractGen{p: p, us: us, ek: p.kings[them], themPawnFiles: p.pawnFiles(them)}
	ek := g.ek
	occ := p.occupied
	// The opponent pieces a capture could give back, as they stood on to.
	hand := p.hands[us]
	for _, pt := range HandTypes {
		if hand.Has(pt) {
			g.caps[g.nc] = NewPiece(them, pt)
			g.nc++
			if pt.CanPromote() {
				g.caps[g.nc] = NewPiece(them, pt.Promote())
				g.nc++
			}
		}
	}
	usPawnFiles := p.pawnFiles(us)
	// A mating pawn drop is illegal, so a pawn giving mate was not dropped.
	noPawnDrop := NoSquare
	if ek != NoSquare {
		if f := stepAttacks[them][Pawn][ek]; f.Any() {
			s := f.First()
			if p.board[s] == NewPiece(us, Pawn) && p.checkers == squareBB[s] && p.isMated() {
				noPawnDrop = s
			}
		}
	}
	// Every piece checking the opponent in p, other than the one that
	// moved, stands in Q as in p (the move changes nothing but from and
	// to), so Q is legal only if the origin blocks it: origins keeps the
	// squares between the king and each such checker (none for a checker
	// that steps, a knight or an adjacent piece).
	for own := p.byColor[us]; own.Any(); {
		to := own.Pop()
		toBB := squareBB[to]
		pc := p.board[to]
		pt := pc.Type()
		origins := occ.Not()
		// opened is the slider of the mover that would attack the
		// opponent's king through to once to is empty, and does not in p
		// (there is at most one: the first piece behind to on the line).
		g.opened = Bitboard{}
		if ek != NoSquare {
			for chk := p.checkers.AndNot(toBB); chk.Any(); {
				origins = origins.And(between[ek][chk.Pop()])
			}
			if line[ek][to].Any() {
				g.opened = p.sliderAttackers(ek, us, occ.Xor(toBB)).AndNot(p.checkers).AndNot(toBB)
			}
		}
		// Drop: Q has the piece in hand and to empty, so the drop could
		// neither block a checker nor stop the opened line. The placement
		// rules hold in Q because p is valid and has the piece there.
		if pt.IsHandType() && to != noPawnDrop && p.checkers.AndNot(toBB).IsEmpty() && g.opened.IsEmpty() {
			buf = append(buf, Retraction{Move: NewDrop(pc, to)})
		}
		// The piece moved as itself: from each empty square it reaches to
		// from. Pawns, lances and knights move forwards, so they never
		// come from their dead ranks, and a pawn keeps its file, so the
		// two-pawn rule holds.
		buf = g.appendUnmoves(buf, pc, to, Attacks(NewPiece(them, pt), to, occ).And(origins), false)
		// A promoted piece may have promoted on this move, from or to the
		// zone; a pawn only if no other pawn of the mover is on the file.
		if pt.IsPromoted() {
			base := pt.Unpromote()
			if base == Pawn && usPawnFiles.Has(to) {
				continue
			}
			from := Attacks(NewPiece(them, base), to, occ).And(origins)
			if !promoZone[us].Has(to) {
				from = from.And(promoZone[us])
			}
			buf = g.appendUnmoves(buf, NewPiece(us, base), to, from, true)
		}
	}
	return buf
}

// retractGen is what Retractions works out once per call for
// appendUnmoves.
type retractGen struct {
	p             *Position
	us            Color     // the mover
	ek            Square    // the opponent's king, or NoSquare
	caps          [13]Piece // the opponent pieces a capture may give back
	nc            int       // how many of caps
	themPawnFiles Bitboard  // the files of the opponent's unpromoted pawns
	opened        Bitboard  // see Retractions: a line emptying to opens
}

// blocksOpened reports whether a piece on from stands between the
// opponent's king and every slider of g.opened.
func (g *retractGen) blocksOpened(from Square) bool {
	for b := g.opened; b.Any(); {
		if !between[g.ek][b.Pop()].Has(from) {
			return false
		}
	}
	return true
}

// appendUnmoves appends the retractions of the board moves of pre (the
// piece before the move) from each square of froms to to, with and without
// each capture. The origins must already block every checker of p other
// than the piece on to; what is left for Q to be legal is that neither pre
// on its origin nor the line opened by emptying to (without a capture)
// checks the opponent, and that a captured piece could stand on to.
func (g *retractGen) appendUnmoves(buf []Retraction, pre Piece, to Square, froms Bitboard, promote bool) []Retraction {
	occ := g.p.occupied
	toBB := squareBB[to]
	them := g.us.Opp()
	for froms.Any() {
		from := froms.Pop()
		m := NewMove(from, to, pre, promote)
		occQ := occ.Or(squareBB[from])
		if g.ek == NoSquare {
			buf = append(buf, Retraction{Move: m})
		} else if g.blocksOpened(from) && !Attacks(pre, from, occQ.Xor(toBB)).Has(g.ek) {
			buf = append(buf, Retraction{Move: m})
		}
		if g.nc == 0 || g.ek != NoSquare && Attacks(pre, from, occQ).Has(g.ek) {
			continue
		}
		for _, c := range g.caps[:g.nc] {
			ct := c.Type()
			// The captured piece must have been legal on to in Q.
			if deadZone[them][ct].Has(to) || ct == Pawn && g.themPawnFiles.Has(to) {
				continue
			}
			buf = append(buf, Retraction{Move: m, Captured: c})
		}
	}
	return buf
}

// isMated reports whether the side to move, in check, has no legal move.
func (p *Position) isMated() bool {
	var buf [MaxMoves]Move
	return len(p.GenerateEvasions(buf[:0])) == 0
}

// Retract turns p into the prior position of r, a retraction of p that
// Retractions returned: the mover's piece goes back, a captured piece
// returns from the mover's hand, a dropped one to it, and the mover is to
// move. Unretract(r) undoes it. The history is left alone: UndoMove must
// not cross a retraction, and Repetitions looks at moves that did not lead
// to the retracted position (DoMove and UndoMove on top of it are fine).
// So is the move number: a retracted position has no meaningful one, and
// SFEN wants it positive. Nothing is allocated.
func (p *Position) Retract(r Retraction) {
	m := r.Move
	us := p.side.Opp()
	to := m.To()
	toBB := squareBB[to]
	pc := m.Piece()
	if m.IsDrop() {
		pt := pc.Type()
		p.board[to] = NoPiece
		p.byType[pt] = p.byType[pt].Xor(toBB)
		p.byColor[us] = p.byColor[us].Xor(toBB)
		p.occupied = p.occupied.Xor(toBB)
		p.boardKey ^= zobristPiece[pc][to]
		p.hands[us] = p.hands[us].Add(pt)
		p.handKey += zobristHand[us][pt]
	} else {
		from := m.From()
		fromBB := squareBB[from]
		moved := p.board[to]
		p.byType[moved.Type()] = p.byType[moved.Type()].Xor(toBB)
		p.byType[pc.Type()] = p.byType[pc.Type()].Xor(fromBB)
		p.byColor[us] = p.byColor[us].Xor(fromBB.Or(toBB))
		p.occupied = p.occupied.Xor(fromBB)
		p.board[from] = pc
		p.boardKey ^= zobristPiece[moved][to] ^ zobristPiece[pc][from]
		if cap := r.Captured; cap != NoPiece {
			ct := cap.Type()
			p.board[to] = cap
			p.byType[ct] = p.byType[ct].Xor(toBB)
			p.byColor[us.Opp()] = p.byColor[us.Opp()].Xor(toBB)
			p.boardKey ^= zobristPiece[cap][to]
			h := ct.Unpromote()
			p.hands[us] = p.hands[us].Sub(h)
			p.handKey -= zobristHand[us][h]
		} else {
			p.board[to] = NoPiece
			p.occupied = p.occupied.Xor(toBB)
		}
		if pc.Type() == King {
			p.kings[us] = from
		}
	}
	p.side = us
	p.boardKey ^= zobristSide
	// The mover may have been in check in Q (its move answered it).
	p.checkers = p.attackersOfKing(us)
}

// Unretract replays the move of r on the prior position Retract(r) made,
// restoring the position Retract was called on. It plays the move with
// DoMove (whose check update relies on Q being legal, as Retractions
// guarantees) and drops the history entry, so it allocates only if the
// history has to grow: never for a position from FromSFEN with fewer than
// 256 moves played.
func (p *Position) Unretract(r Retraction) {
	p.DoMove(r.Move)
	p.history = p.history[:len(p.history)-1]
	p.moveNum--
}

// Prior returns the prior position of r, a retraction of p, as a new
// position without history; p is unchanged.
func (p *Position) Prior(r Retraction) *Position {
	q := *p
	q.history = make([]undoState, 0, max(cap(p.history), 16))
	q.Retract(r)
	return &q
}
