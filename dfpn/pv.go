package dfpn

import (
	"gomate/position"
	"gomate/tt"
)

// principalVariation rebuilds the mating line from the current position,
// which is proven to mate within length plies. It walks down with a budget
// r that starts at length and drops by one per ply:
//
//   - at an attacker's node, any check whose child mates within r-1 plies
//     (the shortest known one is taken);
//   - at a defender's node, the longest defence: a reply whose child has
//     no mate within r-3 plies, so its mate takes exactly r-1.
//
// When length is the exact value (exact: proven shortest), the line is
// exactly length plies. Otherwise the defender's reply is the one with the
// longest mate the table knows, without searching for longer ones.
// Children the table no longer knows are searched again.
func (s *searcher) principalVariation(length uint16, exact bool) ([]position.Move, bool) {
	pos := s.pos
	var line []position.Move
	defer func() {
		for range line {
			pos.UndoMove()
		}
		s.path.reset()
	}()
	s.path.reset()
	for r := length; ; r-- {
		or := pos.SideToMove() == s.attacker
		var buf [position.MaxMoves]position.Move
		var moves []position.Move
		if or {
			moves = append([]position.Move(nil), pos.GenerateChecks(buf[:0])...)
			if len(line) == 0 && len(s.exclude) > 0 {
				moves = withoutMoves(moves, s.exclude)
			}
		} else {
			moves = append([]position.Move(nil), s.rules.Defences(pos, buf[:0])...)
		}
		if len(moves) == 0 {
			return line, !or
		}
		if r == 0 || s.stopped {
			return line, false
		}
		var pick position.Move
		if or {
			pick = s.pickAttack(moves, r, len(line))
		} else if exact {
			pick = s.pickDefence(moves, r, len(line))
		} else {
			pick = s.longestKnown(moves, r, len(line))
		}
		if pick == position.NoMove {
			return line, false
		}
		s.path.add(pos.Key())
		pos.DoMove(pick)
		line = append(line, pick)
	}
}

// childProbe looks the child after m up at the given depth, in the table
// and in the exact cache.
func (s *searcher) childProbe(m position.Move, depth uint16) tt.Result {
	key, h := s.pos.BoardKeyAfter(m)^s.sig, s.pos.HandAfter(m, s.attacker)
	if o, ok := s.exactCache.probe(key, h, depth); ok {
		if o.proven() {
			return tt.Result{State: tt.Proven, Dn: inf, Length: o.length, Hand: o.hand}
		}
		return tt.Result{State: tt.Disproven, Length: o.length, Hand: o.hand, Pn: inf}
	}
	return s.table.Probe(key, h, depth)
}

// childOutcome tells whether the child after m mates within depth plies:
// from the table if it knows, else by searching the child.
func (s *searcher) childOutcome(m position.Move, depth uint16, ply int) outcome {
	return s.childOutcomeBudget(m, depth, ply, 0)
}

// childOutcomeBudget is childOutcome with a node budget for the search
// (0: none); over budget, the outcome is undecided.
func (s *searcher) childOutcomeBudget(m position.Move, depth uint16, ply int, budget uint64) outcome {
	switch p := s.childProbe(m, depth); p.State {
	case tt.Proven:
		return outcome{pn: 0, dn: inf, length: p.Length, hand: p.Hand}
	case tt.Disproven:
		return outcome{pn: inf, dn: 0, length: p.Length, hand: p.Hand}
	}
	s.pos.DoMove(m)
	o := s.proveBudget(depth, ply+1, budget)
	s.pos.UndoMove()
	return o
}

// pickAttack returns a check after which the attacker mates within r-1
// plies, the shortest the table knows, searching if it knows none.
func (s *searcher) pickAttack(moves []position.Move, r uint16, ply int) position.Move {
	best, bestLen := position.NoMove, uint16(0)
	for _, m := range moves {
		if p := s.childProbe(m, r-1); p.State == tt.Proven && (best == position.NoMove || p.Length < bestLen) {
			best, bestLen = m, p.Length
		}
	}
	if best != position.NoMove {
		return best
	}
	for _, m := range moves {
		if s.childOutcome(m, r-1, ply).proven() {
			return m
		}
		if s.stopped {
			break
		}
	}
	return position.NoMove
}

// pickDefence returns the defender's reply after which the mate takes
// longest: one with no mate within r-3 plies. If the budget is not exact
// (no such reply), it falls back to the reply with the longest known mate.
func (s *searcher) pickDefence(moves []position.Move, r uint16, ply int) position.Move {
	if r < 2 {
		return position.NoMove
	}
	if r < 4 {
		// Every reply's mate takes at least one ply: all are longest.
		return s.longestKnown(moves, r, ply)
	}
	for _, m := range moves {
		if s.childOutcome(m, r-3, ply).disproven() && !s.futileHere(m, r, ply) {
			return m
		}
		if s.stopped {
			return position.NoMove
		}
	}
	return s.longestKnown(moves, r, ply)
}

// futileHere reports whether the defender's reply m, at a node proven to
// mate within r plies, is a drop that does not count: one on the check
// line after which the attacker has no mate within r-1 plies (under tsume
// rules the node can be proven within r only if such a drop is futile).
func (s *searcher) futileHere(m position.Move, r uint16, ply int) bool {
	if s.rules != Tsume || !m.IsDrop() {
		return false
	}
	_, between, ok := checkLine(s.pos)
	return ok && between.Has(m.To()) && !s.childOutcome(m, r-1, ply).proven()
}

// longestKnown returns the reply whose proven mate (within r-1) is the
// longest the table records, searching replies it does not know.
func (s *searcher) longestKnown(moves []position.Move, r uint16, ply int) position.Move {
	best, bestLen := position.NoMove, uint16(0)
	for _, m := range moves {
		o := s.childOutcome(m, r-1, ply)
		if !o.proven() {
			if s.futileHere(m, r, ply) {
				continue
			}
			return position.NoMove
		}
		if best == position.NoMove || o.length > bestLen {
			best, bestLen = m, o.length
		}
	}
	return best
}
