package dfpn

import "gomate/position"

// Shortcuts along the line. Solve shortens a proven mate by asking the
// root for a mate two plies shorter, again and again. When the line's
// waste lies in a detour near the top of a long line (Microcosmos' first
// lines walk a piece away and back, four plies, in their first hundred),
// that question is hard for df-pn: every node of the line below has a
// proof that is two plies too long for the new bound, so the search dives
// down the whole line, looking for a shorter mate at every node of it,
// before it widens near the top.
//
// A detour that ends in a position of the line (or any position the table
// knows to mate soon enough) can be found from its first node with a
// search that looks only a few plies ahead: shortenLine walks the line
// from its deepest attacker's node up and, at each, searches for a mate
// two plies shorter than the line's remainder, with a horizon: a node
// further than shortcutHorizon plies below that the table does not decide
// counts as a failure, for this search only: the failure is cut
// (decide.go), so neither it nor anything that rests on it is stored
// (see mid). What it proves is a proof. Once a shortcut is found, the line's nodes above
// it are proven within two plies less than before, from the bottom up, so
// the root's next question is answered by the table.
//
// A futility test inside a shortcut search meets the horizon too: a drop
// is futile only when the other defences are seen to last, never on a
// failure the horizon made (otherDefencesLast), so the proofs found are
// proofs under tsume rules.

const (
	// shortcutHorizon is how many plies below its node a shortcut search
	// looks without the table.
	shortcutHorizon = 10
	// shortcutBudget bounds each shortcut search, in nodes.
	shortcutBudget = 3000
	// spineBudget bounds the proof of each node of the line above a
	// shortcut, in nodes.
	spineBudget = 500000
)

// shortenLine looks for a shortcut along line, a mate in length plies from
// the root (the current position), as described above; when it finds one,
// the root is proven to mate within length-2 plies in the table. failed
// remembers the nodes (key and depth) where a shortcut search found none,
// so that the next call does not search them again.
func (s *searcher) shortenLine(line []position.Move, length uint16, failed map[uint64]uint16) {
	if int(length) != len(line) {
		return
	}
	pos := s.pos
	s.path.reset()
	played := 0
	defer func() {
		for ; played > 0; played-- {
			pos.UndoMove()
			s.pathRemove()
		}
	}()
	for _, m := range line {
		s.pathAdd()
		pos.DoMove(m)
		played++
	}
	found := false
	for ply := len(line) - 1; ply >= 0 && !s.stopped; ply-- {
		pos.UndoMove()
		s.pathRemove()
		played--
		rest := int(length) - ply // the line's remainder
		if rest < 3 {
			continue // no shorter mate than one ply
		}
		depth := uint16(rest - 2)
		if found {
			// A node above the shortcut: prove it within the shorter bound.
			if o := s.proveBudget(depth, ply, spineBudget); !o.proven() {
				return
			}
			continue
		}
		if pos.SideToMove() != s.attacker {
			continue
		}
		id := s.nodeKey(ply) ^ uint64(pos.Hand(s.attacker))*0x9E3779B97F4A7C15
		if d, ok := failed[id]; ok && d == depth {
			continue
		}
		if s.shortcutAt(depth, ply) {
			found = true
			continue
		}
		if !s.stopped {
			failed[id] = depth
		}
	}
	if found && !s.stopped {
		s.shortcutHits++
	}
}

// shortcutAt searches the current position, ply plies below the root, for
// a mate within depth plies that leaves the table's knowledge at most
// s.lookahead (shortcutHorizon) plies below it.
func (s *searcher) shortcutAt(depth uint16, ply int) bool {
	s.horizon = ply + s.lookahead
	o := s.proveBudget(depth, ply, shortcutBudget)
	s.horizon = 0
	return o.proven()
}

// pastHorizon tells whether the node at ply lies past the running
// shortcut search's horizon, where a node the table does not decide fails
// (horizonCut).
func (s *searcher) pastHorizon(ply int) bool { return s.horizon > 0 && ply > s.horizon }

// horizonCut is the outcome of a node past the horizon, with depth plies
// left and the attacker's hand h: a failure for this search only, cut, so
// neither it nor anything resting on it is stored.
func horizonCut(depth uint16, h position.Hand) outcome {
	return outcome{pn: inf, dn: 0, length: depth, hand: h, pathDependent: true, cut: true}
}
