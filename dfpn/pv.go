package dfpn

import (
	"fmt"
	"slices"

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
// longest mate the table knows, without searching for longer ones, and
// the line is then lengthened where the table shows a longer defence
// (lengthen.go). Children the table no longer knows are searched again.
func (s *searcher) principalVariation(length uint16, exact bool) ([]position.Move, bool) {
	s.path.reset()
	line, _, ok := s.walk(length, exact, 0, true)
	s.path.reset()
	if ok && !exact {
		line = s.boundLine(line, length)
	}
	return line, ok
}

// boundLine is line, a line for a bound not proven shortest, lengthened
// from the table (lengthenLine) and cut short of sennichite
// (withoutSennichite): both steps, in that order, wherever such a line
// is mended, since the lengthening can bring a cycle in too.
func (s *searcher) boundLine(line []position.Move, length uint16) []position.Move {
	return withoutSennichite(s.pos, s.lengthenLine(line, length))
}

// withoutSennichite returns line, played from pos, with the cycles cut
// out that would bring a position back a fourth time (sennichite, a draw
// and, by perpetual check, a loss for the attacker, never a mate): where
// the line reaches a position for the fourth time, the moves since its
// third visit go, and the line plays at the third visit what it played
// at the fourth. The rest of the line stays as built. pos is left as it
// was.
//
// A line for a bound not proven shortest can go round a cycle: it
// follows proofs that the table holds with lengths it no longer holds
// below them (their entries were replaced, or made on another path by
// another thread), and searches off its path where the path blocks a
// proof (offPath). Astral Traveler's king laps, with two threads, went
// round one cycle four times (docs/threads.md#a-proof-made-on-another-path).
// Only those cycles go, so that every line the game accepts is printed
// as it was built: cut out, a cycle takes the defender's choices inside
// it with it. A line at the proven shortest length has no cycle: cut out,
// it would be a shorter mate.
func withoutSennichite(pos *position.Position, line []position.Move) []position.Move {
	// keys[i] is the key of the position before out[i]; seen counts the
	// visits of each.
	keys := []uint64{pos.Key()}
	seen := map[uint64]int{pos.Key(): 1}
	out := make([]position.Move, 0, len(line))
	for _, m := range line {
		pos.DoMove(m)
		k := pos.Key()
		if seen[k] == 3 {
			third := len(keys) - 1
			for keys[third] != k {
				third--
			}
			for _, gone := range keys[third+1:] {
				seen[gone]--
			}
			keys, out = keys[:third+1], out[:third]
			continue
		}
		seen[k]++
		keys = append(keys, k)
		out = append(out, m)
	}
	for range line {
		pos.UndoMove()
	}
	return out
}

// walk builds the line from the current position (ply plies below the
// root) within length plies, as principalVariation describes, and returns
// with the position and the path as they were; end is the attacker's hand
// when the line ends in mate. spare lets the defender
// weigh equally long defences by the pieces they leave the attacker
// (pickDefence).
func (s *searcher) walk(length uint16, exact bool, ply int, spare bool) (line []position.Move, end position.Hand, ok bool) {
	pos := s.pos
	played := 0
	defer func() {
		for ; played > 0; played-- {
			pos.UndoMove()
			s.pathRemove()
		}
	}()
	for r := length; ; r-- {
		or := pos.SideToMove() == s.attacker
		var buf [position.MaxMoves]position.Move
		var moves []position.Move
		if or {
			moves = append([]position.Move(nil), pos.GenerateChecks(buf[:0])...)
			if ply+len(line) == 0 && len(s.exclude) > 0 {
				moves = withoutMoves(moves, s.exclude)
			}
		} else {
			moves = append([]position.Move(nil), s.rules.Defences(pos, buf[:0])...)
		}
		if len(moves) == 0 {
			return line, pos.Hand(s.attacker), !or
		}
		if r == 0 || s.stopped && !s.tableOnly {
			return line, 0, false
		}
		at := ply + len(line)
		// The position is on the path while its children are searched,
		// as in mid: their repetitions, and the repetition cache's
		// results, are those of the search.
		s.pathAdd()
		var pick position.Move
		switch {
		case or:
			pick = s.pickAttack(moves, r, at)
		case exact:
			pick = s.pickDefence(moves, r, at, spare)
		default:
			pick = s.longestKnown(moves, r, at)
		}
		if pick == position.NoMove {
			s.pathRemove()
			if !s.stopped {
				who := "the defender's"
				if or {
					who = "the attacker's"
				}
				s.reason = fmt.Sprintf("no move for %s side fits the proven length at ply %d", who, at+1)
			}
			return line, 0, false
		}
		pos.DoMove(pick)
		played++
		line = append(line, pick)
	}
}

// childProbe looks the child after m up at the given depth.
func (s *searcher) childProbe(m position.Move, depth uint16, ply int) (tt.Result, source) {
	return s.probe(s.pos.BoardKeyAfter(m)^s.sig, s.pos.HandAfter(m, s.attacker), depth, ply+1)
}

// childOutcome tells whether the child after m mates within depth plies:
// from the table if it knows, else by searching the child.
func (s *searcher) childOutcome(m position.Move, depth uint16, ply int) outcome {
	return s.childOutcomeBudget(m, depth, ply, 0)
}

// childOutcomeBudget is childOutcome with a node budget for the search
// (0: none); over budget, the outcome is undecided.
func (s *searcher) childOutcomeBudget(m position.Move, depth uint16, ply int, budget uint64) outcome {
	if o, ok := decidedOutcome(s.childProbe(m, depth, ply)); ok {
		return o
	}
	if s.tableOnly {
		return outcome{pn: 1, dn: 1}
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
		if p, _ := s.childProbe(m, r-1, ply); p.State == tt.Proven && (best == position.NoMove || p.Length < bestLen) {
			best, bestLen = m, p.Length
		}
	}
	if best != position.NoMove {
		return best
	}
	// The table has lost the proof (it was replaced, or it is not a
	// fact on this path): prove the node again as a whole, which puts
	// the proven child back, rather than each check in turn (a check
	// with no mate can cost far more to disprove than the mate).
	// The node's own entry may still say proven, so mid is called
	// without looking at it.
	if s.tableOnly {
		return position.NoMove
	}
	s.pathRemove() // mid puts the node on the path itself
	search := func() outcome { return s.mid(r, inf, inf, ply, false) }
	o := s.unblocked(search(), search)
	s.pathAdd()
	if o.proven() {
		for _, m := range moves {
			if p, _ := s.childProbe(m, r-1, ply); p.State == tt.Proven {
				return m
			}
		}
	}
	for _, m := range moves {
		if s.childProof(m, r-1, ply).proven() {
			return m
		}
		if s.stopped {
			break
		}
	}
	return position.NoMove
}

// childProof is childOutcome for a child whose mate the line needs, run
// again off the line's path when that path blocks it (unblocked).
func (s *searcher) childProof(m position.Move, depth uint16, ply int) outcome {
	search := func() outcome { return s.childOutcome(m, depth, ply) }
	return s.unblocked(search(), search)
}

// unblocked is o, search's outcome on the line's path, or, when search
// found no mate only because of a repetition of that path (o is path
// dependent), search's outcome off the path (offPath).
func (s *searcher) unblocked(o outcome, search func() outcome) outcome {
	if o.proven() || !o.pathDependent || s.stopped || s.tableOnly {
		return o
	}
	return s.offPath(search)
}

// offPath runs search with the path emptied, and puts the path back.
//
// The line is rebuilt along a path of its own, and the search counts a
// return to a position on that path as lost for the attacker (loops.go).
// But a proof in the table is a fact about its position, made on
// whatever path the search, or another thread, reached it by: its mate
// may pass through a position of the line's path, and when the table has
// lost the entries below it (replaced, in a cluster full of the hands of
// one board), the search on the line's path cannot find that mate again,
// and the line would end unknown short of a proven mate
// (docs/threads.md#a-proof-made-on-another-path). Off the path the mate
// is found again. The line may then come back to a position it has
// passed through, which the game allows but three times
// (withoutSennichite).
func (s *searcher) offPath(search func() outcome) outcome {
	s.path, s.sparePath = s.sparePath, s.path
	s.path.reset()
	defer func() { s.path, s.sparePath = s.sparePath, s.path }()
	return search()
}

// pickDefence returns the defender's reply after which the mate takes
// longest: one with no mate within r-3 plies. Among several such replies,
// with spare set, it prefers the one whose line leaves the attacker the
// fewest pieces in hand at the end (no spare pieces, 駒余り, in a correct
// composition): each candidate's line is built (without this preference
// below it) and its final hand counted; lines of more than spareHorizon
// plies are not weighed. The replies the table already knows to be
// longest are weighed first, and when one of them leaves no spare piece
// the others are not searched at all: Shogi Zukou #31's shortest line is
// rebuilt far sooner this way
// (docs/notes/ablation.md#kept-lines-for-a-bound-that-is-not-exact-lengthened-from-the-table).
// If the budget is not exact (no such reply), it falls back to the reply
// with the longest known mate.
func (s *searcher) pickDefence(moves []position.Move, r uint16, ply int, spare bool) position.Move {
	if r < 2 {
		return position.NoMove
	}
	if r < 4 && (!spare || s.rules != Tsume) {
		// Every reply's mate takes at least one ply: all are longest.
		return s.longestKnown(moves, r, ply)
	}
	weigh := spare && s.rules == Tsume && r <= spareHorizon
	// First the replies the table already knows to be longest. Without
	// weighing the first is enough; with it, when one of their lines
	// leaves no spare piece, no other reply need be searched, since none
	// can leave fewer.
	var known []position.Move
	knownBest, knownSpare := position.NoMove, -1
	if r >= 4 {
		known = s.knownLongest(moves, r, ply, weigh)
		if !weigh && len(known) > 0 {
			return known[0]
		}
		if knownBest, knownSpare = s.fewestSpare(known, r, ply); knownSpare == 0 {
			return knownBest
		}
	}
	var cands []position.Move
	for _, m := range moves {
		if slices.Contains(known, m) {
			continue // weighed above
		}
		longest := r < 4 || s.childOutcome(m, r-3, ply).disproven()
		if longest && !s.futileHere(m, r, ply) && (r >= 4 || s.childProof(m, r-1, ply).proven()) {
			cands = append(cands, m)
			if !weigh {
				break
			}
		}
		if s.stopped {
			return position.NoMove
		}
	}
	if knownBest == position.NoMove {
		switch len(cands) {
		case 0:
			return s.longestKnown(moves, r, ply)
		case 1:
			return cands[0]
		}
	}
	best, bestSpare := s.fewestSpare(cands, r, ply)
	// The known replies' best against the others', as one pass over all
	// of them in move order would choose: fewer spare pieces, then the
	// earlier move.
	if knownBest != position.NoMove && (best == position.NoMove || fewerSpare(knownSpare, bestSpare) ||
		knownSpare == bestSpare && slices.Index(moves, knownBest) < slices.Index(moves, best)) {
		best = knownBest
	}
	return best
}

// knownLongest returns the replies (all of them, or only the first)
// that the table already knows to be longest defences at a node proven
// within r plies: no mate within r-3 after them, and no futile drop.
func (s *searcher) knownLongest(moves []position.Move, r uint16, ply int, all bool) []position.Move {
	var known []position.Move
	for _, m := range moves {
		if p, _ := s.childProbe(m, r-3, ply); p.State == tt.Disproven && !s.futileHere(m, r, ply) {
			known = append(known, m)
			if !all {
				break
			}
		}
	}
	return known
}

// fewestSpare returns the reply among cands (each a longest defence at a
// node proven within r plies) whose line leaves the attacker the fewest
// pieces in hand, the first in cands' order among equals, with that
// number (-1 when no line was built); the first with none ends the look.
func (s *searcher) fewestSpare(cands []position.Move, r uint16, ply int) (position.Move, int) {
	best, bestSpare := position.NoMove, -1
	for _, m := range cands {
		s.pos.DoMove(m)
		_, end, ok := s.walk(r-1, true, ply+1, false)
		n := -1
		if ok {
			n = end.Total()
		}
		s.pos.UndoMove()
		if best == position.NoMove || fewerSpare(n, bestSpare) {
			best, bestSpare = m, n
		}
		if bestSpare == 0 || s.stopped {
			break
		}
	}
	return best, bestSpare
}

// fewerSpare reports whether a line leaving n spare pieces is preferred
// to one leaving than (-1: no line built, the worst).
func fewerSpare(n, than int) bool { return n >= 0 && (than < 0 || n < than) }

// spareHorizon is the longest remaining line whose equally long defences
// are weighed by spare pieces.
const spareHorizon = 101

// futileHere reports whether the defender's reply m, at a node proven to
// mate within r plies, is a drop that does not count: one on the check
// line after which the attacker has no mate within r-1 plies (under tsume
// rules the node can be proven within r only if such a drop is futile).
func (s *searcher) futileHere(m position.Move, r uint16, ply int) bool {
	if s.rules != Tsume || !m.IsDrop() {
		return false
	}
	_, between, ok := checkLine(s.pos)
	return ok && between.Has(m.To()) && !s.childProof(m, r-1, ply).proven()
}

// longestKnown returns the reply whose proven mate (within r-1) is the
// longest the table records, searching replies it does not know.
func (s *searcher) longestKnown(moves []position.Move, r uint16, ply int) position.Move {
	best, bestLen := position.NoMove, uint16(0)
	for _, m := range moves {
		o := s.childProof(m, r-1, ply)
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
