package dfpn

import (
	"gomate/position"
	"gomate/tt"
)

// mid visits the node at the current position, which may use depth more
// plies, until its φ reaches thPhi or its δ reaches thDelta or it is
// decided. In the φ/δ form, φ is the proof number from the point of view
// of the side to move (pn at the attacker's nodes, dn at the defender's)
// and δ the disproof number: a node's φ is the least δ of its children and
// its δ the sum of their φ.
func (s *searcher) mid(depth uint16, thPhi, thDelta uint64, ply int, firstVisit bool) outcome {
	s.nodes++
	if s.nodes >= s.nextPoll {
		s.poll()
	}
	pos := s.pos
	or := pos.SideToMove() == s.attacker
	h := pos.Hand(s.attacker)
	key := s.nodeKey(ply)
	startNodes := s.nodes

	// The attacker's checks first: they serve the mate-in-one test as
	// well as the expansion.
	var moves []position.Move
	if or {
		moves = s.generate(or, ply)
	}
	// The mate-in-one test knows nothing of the root's excluded moves: at
	// such a root the children are expanded instead.
	if ply > 0 || len(s.exclude) == 0 || depth < 1 {
		if o, ok := s.quickDecide(or, depth, key, h, firstVisit, moves); ok {
			return o
		}
	}
	if s.horizon > 0 && ply > s.horizon {
		// Past a shortcut search's horizon (shortcut.go), a node the
		// table does not decide fails, for this search only: cut, so
		// neither this nor anything resting on it is stored.
		return outcome{pn: inf, dn: 0, length: depth, hand: h, pathDependent: true, cut: true}
	}
	if !or {
		moves = s.generate(or, ply)
	}
	if o, ok := s.decideWithoutSearch(or, depth, key, h, moves); ok {
		return o
	}
	childDepth := childDepthOf(depth)
	ancestors := s.path.hash
	f := s.expand(ply, or, h, childDepth, moves)
	f.key, f.ply, f.depth, f.ancestors = key, ply, depth, ancestors

	s.pathAdd()
	defer s.pathRemove()
	if s.dag {
		s.enterPath(key, ply)
		defer s.leavePath(key, ply)
	}

	for iter := 0; ; iter++ {
		// Gather the children's numbers: φ = min of the children's δ,
		// δ = sum of the children's φ. For the attacker's node the child's
		// δ is its pn and its φ its dn; for the defender's, the reverse.
		s.revealProven(f)
		phi, delta := inf, uint64(0)
		best, delta2 := -1, inf
		sharedMax := uint64(0) // the largest φ of the shared children (dag.go)
		hidden := false
		pref := s.answers.lookup(pos.LastMove())
		for i := range f.children {
			c := &f.children[i]
			if c.futile {
				continue
			}
			if c.hidden {
				hidden = true
				continue
			}
			if iter > 0 && s.reprobe && !c.local && c.state != tt.Proven && c.state != tt.Disproven {
				// Decided children stay decided; the others may have
				// changed through transpositions (expand has just read
				// them for the first pass). Without this (the default),
				// a stale child is read again when the node is next
				// expanded, and one chosen with stale numbers returns
				// from its visit with true ones: about a tenth faster
				// (docs/speed.md).
				old := *c
				s.probeChild(c, childDepth, ply+1)
				if c.state == tt.Empty && old.state != tt.Empty {
					// Evicted since: keep what we last knew.
					*c = old
				}
			}
			cd, cp := c.pn, c.dn // child's δ and φ seen from an OR node
			if !or {
				cd, cp = c.dn, c.pn
			}
			if c.shared {
				sharedMax = max(sharedMax, cp)
			} else {
				delta = addSat(delta, cp)
			}
			if cd < phi || best < 0 || (cd == phi && c.move == pref) {
				if best >= 0 {
					delta2 = min(delta2, phi)
				}
				phi, best = cd, i
			} else {
				delta2 = min(delta2, cd)
			}
			if cp == inf {
				delta = inf
			}
		}
		sumDelta := delta // the δ of the children counted by their sum
		if delta < inf {
			delta = addSat(delta, sharedMax)
		}
		if phi == 0 {
			if !or && s.relativeFutility && s.dropsFutile(f, depth, ply) {
				// The disproven replies were futile drops: without them
				// the node is searched on.
				continue
			}
			return s.win(f, or, key, h, startNodes)
		}
		if delta == 0 {
			if hidden {
				// Every visible reply is mated: reveal the next ones.
				s.revealProven(f)
				continue
			}
			return s.loss(f, or, key, h, startNodes)
		}
		if phi >= thPhi || delta >= thDelta || s.stopped || (s.budgetEnd != 0 && s.nodes >= s.budgetEnd) {
			// Over a threshold, stopped, or out of a sub-search's budget:
			// store the estimates and return.
			pn, dn := phi, delta
			if !or {
				pn, dn = delta, phi
			}
			s.table.StoreSearchingFrom(key, h, s.level(ply), pn, dn, s.amountSince(startNodes), s.parentKey(ply))
			return outcome{pn: pn, dn: dn}
		}

		c := &f.children[best]
		cp := c.dn
		if !or {
			cp = c.pn
		}
		// The child may grow until the node's δ reaches thDelta: what the
		// others add is δ less the child's own share.
		others := delta - cp
		if c.shared {
			others = sumDelta
		}
		childThPhi := addSat(thDelta-min(others, thDelta), 0)
		if thDelta >= inf {
			childThPhi = inf
		}
		childThDelta := min(thPhi, s.secondThreshold(delta2))

		if s.dag {
			f.searched = best
			if !c.fresh {
				s.findSharedSubtree(c, ply, childDepth)
			}
		}
		first := c.fresh
		c.fresh = false
		// A child that repeats the path was decided by expand (lost for the
		// attacker on this path), so the best child is never a repetition.
		pos.DoMove(c.move)
		o := s.mid(childDepth, childThPhi, childThDelta, ply+1, first)
		pos.UndoMove()
		c.pn, c.dn = o.pn, o.dn
		if o.proven() {
			c.state, c.length, c.fhand = tt.Proven, o.length, o.hand
		} else if o.disproven() {
			c.state, c.length, c.fhand = tt.Disproven, o.length, o.hand
		} else {
			c.state = tt.Searching
		}
		c.local, c.cut, c.exact = o.pathDependent, o.cut, o.exact
	}
}

// childDepthOf is the depth bound of the children of a node searched with
// the given bound: one ply less. Estimates are kept by ply, not by bound,
// in the searches with a bound, and by position in the search for the
// first mate (level, frame.go).
func childDepthOf(depth uint16) uint16 { return depth - 1 }

// secondThreshold is the child's δ threshold given the second-best δ₂ of
// its siblings: δ₂ + 1 in plain df-pn; with the 1+ε trick (Pawlewicz and
// Lew) ⌈δ₂(1+ε)⌉, ε = 1/4, so that the search stays longer in one child
// before switching to its sibling.
//
// The threshold must be above δ₂ for the search to move: a child that
// comes back with its δ at the threshold is then no longer the best.
// Sums saturate at inf-1, where δ₂ + 1 would equal δ₂ and a node could
// send its child down again and again to see it come back at once (seen
// on Microcosmos: one child, δ saturated, 67 million visits of ply 1). So
// a saturated δ₂ (or none, inf) sets no threshold at all.
func (s *searcher) secondThreshold(delta2 uint64) uint64 {
	if delta2 >= inf-1 {
		return inf
	}
	if s.epsilon {
		return addSat(delta2, max(1, delta2/4))
	}
	return addSat(delta2, 1)
}
