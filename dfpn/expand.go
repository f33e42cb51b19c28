package dfpn

import (
	"slices"

	"gomate/position"
	"gomate/tt"
)

// The first steps of a visit: the tests that decide a node without looking
// at its children, and the expansion of its children into a frame.

// quickDecide decides an attacker's node that cannot or must mate at once:
// no plies left; or a mate in one among its checks (tried on the first
// visit, and whenever only one ply is left, which then also decides the
// failure).
func (s *searcher) quickDecide(or bool, depth uint16, key uint64, h position.Hand, firstVisit bool, checks []position.Move) (outcome, bool) {
	if !or {
		return outcome{}, false
	}
	if depth < 1 {
		return outcome{pn: inf, dn: 0, length: depth, hand: fullHand}, true
	}
	if !firstVisit && depth != 1 {
		return outcome{}, false
	}
	pos := s.pos
	m := pos.Mate1Among(checks)
	if m == position.NoMove && depth == 1 && s.rules == Tsume {
		m = s.futileMate1(checks)
	}
	if m != position.NoMove {
		return s.storeMate1(key, m), true
	}
	if depth == 1 {
		// No mate in one (also under tsume rules), and no room for more. A larger hand could
		// change that (fewer defender pieces to block), so the disproof
		// holds for this hand and smaller ones.
		s.table.StoreDisproven(key, h, 1, 1)
		return outcome{pn: inf, dn: 0, length: 1, hand: h}, true
	}
	return outcome{}, false
}

// storeMate1 stores and returns the proof of the attacker's node with
// table key key by m, a mate in one.
func (s *searcher) storeMate1(key uint64, m position.Move) outcome {
	pos := s.pos
	captured := pos.Captured(m)
	pos.DoMove(m)
	ph := orProofHand(interposeNeeds(pos, s.attacker), m, captured)
	pos.UndoMove()
	s.table.StoreProven(key, ph, 1, 1)
	return outcome{pn: 0, dn: inf, length: 1, hand: ph}
}

// storeMated stores and returns the proof of the defender's node with
// table key key, which has no defence: mate now.
func (s *searcher) storeMated(key uint64) outcome {
	ph := interposeNeeds(s.pos, s.attacker)
	s.table.StoreProven(key, ph, 0, 1)
	return outcome{pn: 0, dn: inf, length: 0, hand: ph}
}

// generate returns the moves of the node: checks at the attacker's (less
// the excluded ones at the root), the defences the rules count at the
// defender's. The slice is reused by the next call.
func (s *searcher) generate(or bool, ply int) []position.Move {
	if or {
		moves := s.pos.GenerateChecks(s.moves[:0])
		if ply == 0 && len(s.exclude) > 0 {
			moves = withoutMoves(moves, s.exclude)
		}
		return moves
	}
	return s.rules.Defences(s.pos, s.moves[:0])
}

// withoutMoves removes the moves of drop from moves, in place.
func withoutMoves(moves, drop []position.Move) []position.Move {
	out := moves[:0]
	for _, m := range moves {
		if !slices.Contains(drop, m) {
			out = append(out, m)
		}
	}
	return out
}

// decideWithoutSearch decides a node from its move list alone: no check
// (no mate, whatever the depth), no reply (mate), or a defender's node with
// replies but no ply left for the attacker.
func (s *searcher) decideWithoutSearch(or bool, depth uint16, key uint64, h position.Hand, moves []position.Move) (outcome, bool) {
	if len(moves) == 0 {
		if or {
			dh := orDisproofFinish(fullHand, h)
			s.table.StoreDisproven(key, dh, tt.Unlimited, 1)
			return outcome{pn: inf, dn: 0, length: tt.Unlimited, hand: dh}, true
		}
		return s.storeMated(key), true
	}
	if !or && depth < 2 {
		// Not mate now, and no room for another attacker move.
		return outcome{pn: inf, dn: 0, length: depth, hand: h}, true
	}
	return outcome{}, false
}

// expand fills the frame of this ply with the node's children: their keys
// and hands, repetitions of the current path marked as lost for the
// attacker, alike replies chained, and what the table knows of the rest at
// childDepth (with a df-pn+ estimate for checks it knows nothing of).
func (s *searcher) expand(ply int, or bool, h position.Hand, childDepth uint16, moves []position.Move) *frame {
	pos := s.pos
	f := s.frameAt(ply)
	f.children = f.children[:0]
	f.futilityTested, f.usedFutility, f.futilityCut, f.futilityLocal = position.Bitboard{}, false, false, returns{}
	for _, m := range moves {
		boardKey, fullKey := pos.KeysAfter(m)
		c := child{move: m, captured: pos.Captured(m), key: boardKey ^ s.sig, hand: h, next: -1}
		if or || !m.IsDrop() || !s.lazyDrops {
			// A defender's drop may wait behind a cheaper one on its
			// square (chainAlike): it is prefetched once that is known.
			s.table.Prefetch(c.key)
		}
		if or {
			c.hand = pos.HandAfter(m, s.attacker)
		}
		if at, ok := s.loops(boardKey, fullKey, c.hand); ok {
			// The move returns to a position on the current path: a
			// repetition, which loses for the attacker on this path only.
			// Its table entry must not be read either, or the numbers
			// of the cycle would feed on themselves.
			c.pn, c.dn, c.state, c.length, c.fhand, c.local = inf, 0, tt.Disproven, tt.Unlimited, fullHand, true
			c.loopTop = s.loopTop(at)
		}
		f.children = append(f.children, c)
	}
	f.or = or
	if !or {
		s.chainAlike(f)
		if s.lazyDrops {
			for i := range f.children {
				if c := &f.children[i]; c.move.IsDrop() && !c.hidden {
					s.table.Prefetch(c.key)
				}
			}
		}
	} else if s.shareNonPromotions {
		shareNonPromotions(f, pos.SideToMove())
	}
	// The children have this node on their path too.
	ancestors := s.path.hash ^ mix64(norm(pos.Key()))
	for i := range f.children {
		c := &f.children[i]
		if c.local {
			continue
		}
		if c.hidden {
			// Read when revealed (revealProven) or when the node is
			// disproven (readHidden), if ever: until then it counts for
			// nothing, and its numbers must not say it is decided.
			c.pn, c.dn, c.unread = 1, 1, true
			continue
		}
		s.readChild(c, or, childDepth, ply, ancestors)
	}
	return f
}

// readHidden reads the table entries of the hidden children of the node
// in frame f (the current position) that expand left unread.
func (s *searcher) readHidden(f *frame) {
	for i := range f.children {
		if c := &f.children[i]; c.unread {
			s.readLate(f, c)
		}
	}
}

// readLate is readChild, after expand, for a child c of the node in frame f
// (the current position).
func (s *searcher) readLate(f *frame, c *child) {
	s.readChild(c, f.or, childDepthOf(f.depth), f.ply, f.ancestors^mix64(norm(s.pos.Key())))
}

// readChild sets a child's numbers from what the table (or the repetition
// cache, for the path with ancestors above the child) knows of it at
// childDepth, with a df-pn+ estimate for a check it knows nothing of.
func (s *searcher) readChild(c *child, or bool, childDepth uint16, ply int, ancestors uint64) {
	c.unread = false
	if s.probeChild(c, childDepth, ply+1) && c.state != tt.Proven && c.state != tt.Disproven {
		if r, ok := s.repProbe(c.key, c.hand, ancestors, childDepth); ok {
			c.pn, c.dn, c.state, c.length, c.fhand, c.local = r.Pn, r.Dn, r.State, r.Length, r.Hand, true
			// It rests on returns to positions above the child, the
			// first of the path at worst (loops.go).
			c.loopTop = s.loopTop(0)
			return
		}
	}
	if c.state == tt.Empty {
		c.fresh = true
		if or {
			s.estimateCheck(c, childDepth)
		} else if !s.unbounded && (s.checkCounts || s.depthReplies) {
			s.estimateReply(c, childDepth)
		}
		c.state = tt.Searching
	}
}

// futileMate1 looks among checks (the node's) for a mate in one under
// tsume rules that is not a mate under strict ones: a check from a
// distance after which the defender's only replies are futile drops.
func (s *searcher) futileMate1(checks []position.Move) position.Move {
	pos := s.pos
	for _, m := range checks {
		pos.DoMove(m)
		_, _, distant := checkLine(pos)
		mated := distant && matedWithFutile(pos)
		pos.UndoMove()
		if mated {
			return m
		}
	}
	return position.NoMove
}
