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
// its δ the sum of their φ (summarize).
//
// Each pass of the loop sums the children up, returns if that decides the
// node or reaches a threshold, and else visits the child of least δ with
// the thresholds childThresholds gives it.
func (s *searcher) mid(depth uint16, thPhi, thDelta uint64, ply int, firstVisit bool) outcome {
	s.countNode()
	f, o, decided := s.open(depth, ply, firstVisit)
	if decided {
		return o
	}
	s.enter(f)
	defer s.leave(f)
	for pass := 0; ; pass++ {
		s.revealProven(f)
		if pass > 0 && s.reprobe {
			s.reprobeChildren(f)
		}
		sum := s.summarize(f)
		if ply == 0 && s.lim.RootUpdate != nil && s.unbounded {
			s.reportRoot(f, sum)
		}
		switch {
		case sum.phi == 0:
			if s.refutationsFutile(f) {
				continue
			}
			return s.win(f)
		case sum.delta == 0:
			if sum.hidden {
				// Every visible reply is mated: reveal the next ones.
				s.revealProven(f)
				continue
			}
			return s.loss(f)
		case sum.phi >= thPhi || sum.delta >= thDelta || s.interrupted():
			return s.storeEstimates(f, sum.phi, sum.delta)
		}
		childThPhi, childThDelta := s.childThresholds(f, sum, thPhi, thDelta)
		if s.dag {
			s.findSharing(f, sum.best)
		}
		// A child that repeats the path was decided by expand (lost for the
		// attacker on this path), so the best child is never a repetition.
		c := &f.children[sum.best]
		first := c.fresh
		c.fresh = false
		s.pos.DoMove(c.move)
		o := s.mid(childDepthOf(depth), childThPhi, childThDelta, ply+1, first)
		s.pos.UndoMove()
		c.update(o)
		if s.parallel {
			if o, ok := s.decidedByOthers(f); ok {
				return o
			}
		}
	}
}

// open starts the visit of the node at the current position: it decides
// the node at once when it can (quickDecide, pastHorizon,
// decideWithoutSearch) and reports decided with the outcome, and else
// expands the node's children into its frame (expand.go).
func (s *searcher) open(depth uint16, ply int, firstVisit bool) (f *frame, o outcome, decided bool) {
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
			return nil, o, true
		}
	}
	if s.pastHorizon(ply) {
		return nil, horizonCut(depth, h), true
	}
	if !or {
		moves = s.generate(or, ply)
	}
	if o, ok := s.decideWithoutSearch(or, depth, key, h, moves); ok {
		return nil, o, true
	}
	ancestors := s.path.hash
	f = s.expand(ply, or, h, childDepthOf(depth), moves)
	f.key, f.ply, f.depth, f.ancestors, f.hand, f.startNodes = key, ply, depth, ancestors, h, startNodes
	return f, outcome{}, false
}

// enter puts the node of frame f (the current position) on the path: its
// position, for the repetitions (loops.go), and its table key, for the
// double-count detection (dag.go).
func (s *searcher) enter(f *frame) {
	if s.parallel {
		s.team.busy.enter(f.key, f.hand)
	}
	f.pathIndex = s.path.count
	s.pathAdd()
	if s.dag {
		s.enterPath(f.key, f.ply)
	}
}

// leave undoes enter.
func (s *searcher) leave(f *frame) {
	if s.dag {
		s.leavePath(f.key, f.ply)
	}
	s.pathRemove()
	if s.parallel {
		s.team.busy.leave(f.key, f.hand)
	}
}

// reprobeChildren reads the undecided children of the node in frame f
// again (SiblingReprobe). Decided children stay decided; the others may
// have changed through transpositions (expand read them for the first
// pass). Without this (the default), a stale child is read again when the
// node is next expanded, and one chosen with stale numbers returns from
// its visit with true ones: faster
// (docs/notes/speed.md#kept-no-second-reading-of-the-siblings-entries).
func (s *searcher) reprobeChildren(f *frame) {
	for i := range f.children {
		c := &f.children[i]
		if c.futile || c.hidden || c.local || c.state == tt.Proven || c.state == tt.Disproven {
			continue
		}
		old := *c
		s.probeChild(c, childDepthOf(f.depth), f.ply+1)
		if c.state == tt.Empty && old.state != tt.Empty {
			// Evicted since: keep what we last knew.
			*c = old
		}
	}
}

// summary is what one pass over a node's children finds: the node's φ and
// δ, the child to search (best, of least δ) and the second least δ
// (delta2).
type summary struct {
	phi, delta uint64
	best       int
	delta2     uint64
	// bestPhi is the best child's φ as the pass saw it: with the virtual
	// numbers of a parallel search (parallel.go), more than the child's.
	bestPhi uint64
	// sumDelta is the part of δ that the children not shared add up to
	// (dag.go); hidden tells that some reply waits behind an alike one
	// (lazy.go).
	sumDelta uint64
	hidden   bool
}

// summarize sums up the children of the node in frame f: φ is the least
// of their δ, δ the sum of their φ, except that the shared children
// (dag.go: an attacker's non-promotions, middle interpositions, subtrees
// that rejoin) add only the largest of their φ, and futile or hidden
// replies nothing. Among children of equal δ the one that answered the
// last move before (Nagai's C, answers.go) is searched first, else the
// first in the frame.
func (s *searcher) summarize(f *frame) summary {
	pref := s.answers.lookup(s.pos.LastMove())
	phi, delta := inf, uint64(0)
	best, delta2, bestPhi := -1, inf, uint64(0)
	sharedMax := uint64(0) // the largest φ of the shared children
	hidden := false
	for i := range f.children {
		c := &f.children[i]
		if c.futile {
			continue
		}
		if c.hidden {
			hidden = true
			continue
		}
		cphi, cdelta := c.phiDelta(f.or)
		if s.isHelper {
			if n := s.team.busy.count(c.key, c.hand); n > 0 {
				cphi, cdelta = virtual(cphi, n), virtual(cdelta, n)
			}
		}
		if c.shared {
			sharedMax = max(sharedMax, cphi)
		} else {
			delta = addSat(delta, cphi)
		}
		if cdelta < phi || best < 0 || (cdelta == phi && c.move == pref) {
			if best >= 0 {
				delta2 = min(delta2, phi)
			}
			phi, best, bestPhi = cdelta, i, cphi
		} else {
			delta2 = min(delta2, cdelta)
		}
		if cphi == inf {
			delta = inf
		}
	}
	sumDelta := delta
	if delta < inf {
		delta = addSat(delta, sharedMax)
	}
	return summary{phi: phi, delta: delta, best: best, delta2: delta2, bestPhi: bestPhi, sumDelta: sumDelta, hidden: hidden}
}

// reportRoot gives Limits.RootUpdate the root's numbers, summed up in
// sum, as pn and dn.
func (s *searcher) reportRoot(f *frame, sum summary) {
	pn, dn := sum.phi, sum.delta
	if !f.or {
		pn, dn = dn, pn
	}
	s.lim.RootUpdate(pn, dn)
}

// phiDelta returns the child's φ and δ, its parent being an attacker's
// node when or: the parent's δ and φ seen from the child's side to move.
func (c *child) phiDelta(or bool) (phi, delta uint64) {
	if or {
		return c.dn, c.pn
	}
	return c.pn, c.dn
}

// childThresholds are the thresholds of the best child of sum, in the node
// of frame f with thresholds thPhi and thDelta. The child's φ may grow
// until the node's δ reaches thDelta: φ' = thδ − (δ − φ_child), what the
// others add taken off (a shared child counts by max, so the others add
// the sum of the children not shared). Its δ may grow until it passes the
// second least δ₂ or reaches thPhi: δ' = min(thφ, δ₂ + 1)
// (secondThreshold).
func (s *searcher) childThresholds(f *frame, sum summary, thPhi, thDelta uint64) (childThPhi, childThDelta uint64) {
	c := &f.children[sum.best]
	others := sum.delta - sum.bestPhi
	if c.shared {
		others = sum.sumDelta
	}
	childThPhi = addSat(thDelta-min(others, thDelta), 0)
	if thDelta >= inf {
		childThPhi = inf
	}
	return childThPhi, min(thPhi, s.secondThreshold(sum.delta2))
}

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

// update keeps what a visit of the child found.
func (c *child) update(o outcome) {
	c.pn, c.dn = o.pn, o.dn
	if o.proven() {
		c.state, c.length, c.fhand = tt.Proven, o.length, o.hand
	} else if o.disproven() {
		c.state, c.length, c.fhand = tt.Disproven, o.length, o.hand
	} else {
		c.state = tt.Searching
	}
	c.local, c.cut, c.exact, c.loopTop = o.pathDependent, o.cut, o.exact, o.loopTop
}

// interrupted tells that the search must return at once: it was stopped,
// or the budget of a sub-search is spent (proveBudget).
func (s *searcher) interrupted() bool {
	return s.stopped || (s.budgetEnd != 0 && s.nodes >= s.budgetEnd)
}

// storeEstimates stores the node of frame f, undecided with numbers phi
// and delta (over a threshold, or interrupted), and returns them.
func (s *searcher) storeEstimates(f *frame, phi, delta uint64) outcome {
	pn, dn := phi, delta
	if !f.or {
		pn, dn = delta, phi
	}
	s.table.StoreSearchingFrom(f.key, f.hand, s.level(f.ply), pn, dn, s.amountSince(f.startNodes), s.parentKey(f.ply))
	return outcome{pn: pn, dn: dn}
}

// childDepthOf is the depth bound of the children of a node searched with
// the given bound: one ply less. Estimates are kept by ply, not by bound,
// in the searches with a bound, and by position in the search for the
// first mate (level, frame.go).
func childDepthOf(depth uint16) uint16 { return depth - 1 }
