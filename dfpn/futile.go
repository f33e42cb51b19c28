package dfpn

import "gomate/position"

// Futile interpositions (無駄合), as gomate's tsume rules define them (the
// full statement, with the cases it decides and those it leaves open, is in
// docs/rules.md#futile-interpositions-the-definition-implemented):
//
// When the defender's king is checked by one long-range piece C from a
// distance, a drop on a square s between C and the king is futile if C can
// capture on s (promoting or not) and the position after that capture, with
// the dropped piece given back to the defender, is mated at once under the
// same rules. The capture then gains the attacker nothing and costs the
// defender nothing: the drop only adds two plies, so it is not a defence.
//
// "Mated at once under the same rules" makes the test recursive: after the
// capture, the defender's remaining replies may again be drops that C
// captures to mate, as in a chain of pawns dropped down a lance's file.
// Because the dropped piece is given back, the position after the capture
// is the position before the drop with C moved to s: the same for every
// piece the defender could drop on s, so the test is made once per square.
//
// Another attacker's piece Y may make the capture instead of C (the
// "XY" kind of the classification collected at w.atwiki.jp/mudaai): the
// drop is futile too when Y captures on s giving check by itself (no
// discovered check of a third piece) and the position, the piece given
// back, is mated at once. Most such drops are called futile by composers;
// Shogi Zukou #44 records one (its line ends B*2h, the bishop taken by the
// horse from 3g, as a mate at the rook's check). A capture that opens a
// discovered check (XYZ) stays a defence: conventions differ on it.
//
// Moves of a defender's piece onto the line (移動合) always count: they
// change the position beyond the line.

// checkLine returns the checker and the squares between it and the king
// when pos's side to move is in check by exactly one piece from a distance.
func checkLine(pos *position.Position) (position.Square, position.Bitboard, bool) {
	checkers := pos.Checkers()
	if checkers.IsEmpty() || checkers.More() {
		return 0, position.Bitboard{}, false
	}
	c := checkers.First()
	between := position.Between(pos.KingSquare(pos.SideToMove()), c)
	return c, between, between.Any()
}

// futileSquares returns the squares of pos's check line on which a drop
// would be futile, testing only squares where moves has a drop.
func futileSquares(pos *position.Position, moves []position.Move) position.Bitboard {
	checker, between, ok := checkLine(pos)
	var futile position.Bitboard
	if !ok {
		return futile
	}
	var tested position.Bitboard
	for _, m := range moves {
		if !m.IsDrop() || !between.Has(m.To()) || tested.Has(m.To()) {
			continue
		}
		tested.Set(m.To())
		if captureMates(pos, checker, m.To()) {
			futile.Set(m.To())
		}
	}
	return futile
}

// dropFutile removes the futile drops from moves, in place.
func dropFutile(pos *position.Position, moves []position.Move) []position.Move {
	futile := futileSquares(pos, moves)
	if futile.IsEmpty() {
		return moves
	}
	out := moves[:0]
	for _, m := range moves {
		if !m.IsDrop() || !futile.Has(m.To()) {
			out = append(out, m)
		}
	}
	return out
}

// matedWithFutile reports whether the side to move, in check, has no reply
// but futile drops (none at all counts too).
func matedWithFutile(pos *position.Position) bool {
	if pos.HasBoardEvasion() {
		return false
	}
	// In check, only drops are left now (if any); not in check, the list
	// decides.
	var buf [position.MaxMoves]position.Move
	moves := pos.GenerateLegal(buf[:0])
	for _, m := range moves {
		if !m.IsDrop() {
			return false
		}
	}
	if len(moves) == 0 {
		return true
	}
	futile := futileSquares(pos, moves)
	for _, m := range moves {
		if !futile.Has(m.To()) {
			return false
		}
	}
	return true
}

// captureMates reports whether, in pos (the defender to move, in check by
// the long-range piece on checker), moving that piece to sq (with or
// without promotion) leaves the defender mated under tsume rules. It is the
// futility test of a drop on sq: the dropped piece, captured, goes back to
// the defender's hand, which leaves exactly this position.
func captureMates(pos *position.Position, checker, sq position.Square) bool {
	captures, n := checkerCaptures(pos, checker, sq)
	pos.DoMove(position.PassMove)
	defer pos.UndoMove()
	for _, m := range captures[:n] {
		pos.DoMove(m)
		mated := matedWithFutile(pos)
		pos.UndoMove()
		if mated {
			return true
		}
	}
	return otherCaptureMates(pos, checker, sq)
}

// movesOntoOneSquare bounds the moves of the side to move's board pieces
// onto one square when it is not in check.
const movesOntoOneSquare = 32

// otherCaptureMates is captureMates for the attacker's other pieces (the
// XY kind above); pos has the attacker to move (after the pass). Only the
// checks onto sq are tried, and only those where the moved piece is the
// one checker.
func otherCaptureMates(pos *position.Position, checker, sq position.Square) bool {
	// A square is attacked by at most ten pieces (the first on each of
	// its eight lines and two knights), each with two moves onto it at
	// most, so a small buffer does: a full-size one would be cleared at
	// every call (docs/notes/speed.md#measured-not-built). In check (never after the defender's
	// pass in a position reached by legal moves) DirectChecksTo lists
	// all the evasions first.
	var small [movesOntoOneSquare]position.Move
	buf := small[:0]
	if pos.InCheck() {
		var full [position.MaxMoves]position.Move
		buf = full[:0]
	}
	for _, m := range pos.DirectChecksTo(buf, sq) {
		if m.From() == checker {
			continue
		}
		pos.DoMove(m)
		mated := false
		if c := pos.Checkers(); !c.More() && c.Has(sq) {
			mated = matedWithFutile(pos)
		}
		pos.UndoMove()
		if mated {
			return true
		}
	}
	return false
}

// checkerCaptures returns the checker's moves onto sq, a square of the
// check line, as the capture of a piece dropped there: the promotion first
// where both are possible, none when the move would expose the attacker's
// king. pos has the defender to move.
func checkerCaptures(pos *position.Position, checker, sq position.Square) (moves [2]position.Move, n int) {
	pc := pos.PieceAt(checker)
	attacker := pc.Color()
	if k := pos.KingSquare(attacker); k != position.NoSquare &&
		pos.Pinned(attacker).Has(checker) && !position.Aligned(k, checker, sq) {
		return moves, 0
	}
	if pc.Type().CanPromote() &&
		(position.InPromotionZone(attacker, checker) || position.InPromotionZone(attacker, sq)) {
		moves[n] = position.NewMove(checker, sq, pc, true)
		n++
	}
	moves[n] = position.NewMove(checker, sq, pc, false)
	return moves, n + 1
}
