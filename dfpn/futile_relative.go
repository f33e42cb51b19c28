package dfpn

import "gomate/position"

// Relative futility. futile.go removes the drops whose capture mates at
// once. A drop can also be futile when its capture leads to the same mate
// as the node's other defences (Komoring Heights' issue 8 calls it 狭義無駄合):
// the defender gains nothing but the two plies of the drop and its capture.
// gomate's rule: with a its defences other than drops on the check line
// lasting a plies at most (the longest), a drop on s is futile when the
// position after the checker captures on s, the piece given back, mates
// within a plies.
//
// In a search for "mate within L", a drop whose counted line fits in L
// needs no test. One that does not fit (its child is disproven at L-1) is
// futile exactly when the other defences last the whole L (some reply's
// child has no mate within L-3) and the capture's position mates within L.
// Both are searched here when needed. The answer depends on how long the
// other defences last, which a larger or smaller attacker's hand changes
// in either direction, so a node whose result rests on such a test is not
// stored in the table (its outcome is path-dependent).
//
// The test runs only once the search has a length bound (the first mate
// is found without it): a drop that the capture answers with a mate does
// not change whether there is a mate at all, only how long it is.

// firstFutilityBudget bounds each search a futility test makes, in nodes,
// at first. A test that runs out counts the drop (the length may then be
// two plies longer than the rule gives). When the search that proves the
// length had such a test, solve runs it again with the budget multiplied
// by futilityBudgetGrowth, up to maxFutilityBudget, before it reports the
// length as an upper bound.
const (
	firstFutilityBudget  = 50000
	futilityBudgetGrowth = 4
	maxFutilityBudget    = firstFutilityBudget << 12
)

// retryFutility is asked when a search whose futility tests must all be
// decided has ended and one ran out of its budget: if the budget may
// still grow, it grows it, counts the retry and reports true, and the
// search runs again.
func (s *searcher) retryFutility() bool {
	if s.futilityBudget >= maxFutilityBudget {
		return false
	}
	s.futilityRetries++
	s.futilityBudget *= futilityBudgetGrowth
	return true
}

// refutationsFutile is asked when a visible reply disproves the defender's
// node in frame f (the current position): under tsume rules with a length
// bound it reports true when every such reply is a drop on the check line
// found futile (dropsFutile), which no longer counts, and the node is
// searched on without them.
func (s *searcher) refutationsFutile(f *frame) bool {
	return !f.or && s.relativeFutility && s.dropsFutile(f, f.depth, f.ply)
}

// dropsFutile is called when a defender's node (the current position, in
// frame f, with depth plies left) has a disproven visible reply. It tests
// the disproven drops on the check line for relative futility; if every
// disproven reply is such a drop and every one is futile, it marks the
// drops on those squares futile and reports true, and the node is searched
// on without them. A square whose test ran out of its budget does not
// stop the tests of the others (one found futile still no longer counts);
// a square whose drop is found to count does. When one ran out,
// settleCut may find the test needless.
func (s *searcher) dropsFutile(f *frame, depth uint16, ply int) bool {
	checker, between, ok := checkLine(s.pos)
	if !ok {
		return false
	}
	var squares position.Bitboard
	for i := range f.children {
		c := &f.children[i]
		if c.futile || c.hidden || c.dn != 0 {
			continue
		}
		if !c.dropOn(between) || f.futilityTested.Has(c.move.To()) {
			return false
		}
		squares.Set(c.move.To())
	}
	if squares.IsEmpty() {
		return false
	}
	f.usedFutility = true
	if otherDefencesShort(f, between, depth) {
		// No drop is futile, whatever its capture's test would say.
		f.futilityTested = f.futilityTested.Or(squares)
		return false
	}
	key, h := s.key(), s.pos.Hand(s.attacker)
	// The capture's test is the cheaper (one position, mostly known to the
	// table), so it runs first: the test of the other defences only when
	// a capture mates.
	frameCut, searchCut := f.futilityCut, s.futilityCut
	var futile position.Bitboard
	allFutile := true
	for sq := squares; sq.Any(); {
		to := sq.Pop()
		f.futilityTested.Set(to)
		v, cut := s.memoTest(f, testKey(key, depth, 2, to), h, func() bool { return s.captureMatesWithin(checker, to, depth, ply) })
		if v {
			futile.Set(to)
			continue
		}
		allFutile = false
		if !cut {
			break
		}
	}
	if !futile.IsEmpty() {
		if v, _ := s.memoTest(f, testKey(key, depth, 1, 0), h, func() bool { return s.otherDefencesLast(f, between, depth, ply) }); v {
			for i := range f.children {
				if c := &f.children[i]; c.dropOn(futile) {
					c.futile = true
				}
			}
			if allFutile {
				return true
			}
		}
	}
	if f.futilityCut && !frameCut && s.settleCut(f, between, depth, ply) {
		// What the tests that ran out would say no longer matters.
		f.futilityCut, s.futilityCut = frameCut, searchCut
	}
	return false
}

// settleShare is the part of the futility tests' budget that settleCut
// gives each of its searches: what it finds, it mostly finds in a few
// hundred nodes, and most of its calls find nothing (a full budget each
// made Zukou #1 with a king on 1i, rule case R149, take 22 % more nodes).
const settleShare = 16

// settleCut is asked when a futility test of the drops of the defender's
// node in frame f ran out of its budget, so that the node's disproof by
// such a drop would be cut (not a fact, decide.go). It reads the node's
// other defences from the frame, or searches each within depth−1 plies
// and 1/settleShare of the tests' budget (which grows with it), for what
// makes the tests needless:
//   - one of them has no mate within depth−1 plies: it refutes the node
//     (its child in f is updated, and win takes it over any drop);
//   - every one is mated within depth−3 plies: no drop is futile, as in
//     otherDefencesShort.
//
// It reports whether it found either. A test that no budget decides (the
// capture's position far off the line, with most of the problem left)
// otherwise cuts every node above it: with two threads the threads met
// such nodes, guarded by an unsearched king's step that has no mate at
// all, and ACTの夢's length stayed an upper bound
// (docs/threads.md#the-long-problems-lengths-with-two-threads). Searching
// each defence within depth−3 first, as otherDefencesLast does, turned
// Zukou #91's search within 47 aside (same page).
func (s *searcher) settleCut(f *frame, between position.Bitboard, depth uint16, ply int) bool {
	if depth < 4 {
		return false
	}
	budget := max(1, s.futilityBudget/settleShare)
	short := true
	var rests returns
	for i := range f.children {
		c := &f.children[i]
		if c.dropOn(between) {
			continue
		}
		if c.matedWithin(depth - 3) {
			continue
		}
		o := s.childOutcomeBudget(c.move, depth-1, ply, budget)
		if o.proven() && o.length <= depth-3 {
			rests.add(o)
			continue
		}
		if s.stopped {
			return false
		}
		if o.settledDisproof() && o.length >= depth-1 {
			c.update(o)
			return true
		}
		short = false
	}
	if short {
		// A proof that holds on this path only makes the answer hold
		// on this path only.
		f.futilityLocal.join(rests)
		s.futilityLocal.join(rests)
	}
	return short
}

// memoTest returns the answer of a test of the node in frame f kept in the
// exact cache under key, running it if the cache does not have it, and
// whether it ran out of its budget (cut). A test that ran out answers
// false (the drop counts); it is not kept, and it marks the frame: a
// disproof of the node that rests on it is not a fact (decide.go). A test
// whose answer rests on a disproof that holds on this path only (a
// repetition) is not kept either, and what the node decides with it holds
// on this path only.
func (s *searcher) memoTest(f *frame, key uint64, h position.Hand, test func() bool) (v, cut bool) {
	if v, ok := s.exactCache.probeTest(key, h); ok {
		return v, false
	}
	beforeCut, beforeLocal := s.futilityCut, s.futilityLocal
	s.futilityCut, s.futilityLocal = false, returns{}
	start := s.nodes
	v = test()
	cut, rests := s.futilityCut, s.futilityLocal
	if rests.factAt(f.pathIndex) {
		// It rests on no return above this node: a fact here
		// (loops.go).
		rests = returns{}
	}
	s.futilityCut, s.futilityLocal = beforeCut || cut, beforeLocal
	s.futilityLocal.join(rests)
	f.futilityCut = f.futilityCut || cut
	f.futilityLocal.join(rests)
	if !s.stopped && !cut && !rests.local {
		s.exactCache.storeTest(key, h, v, s.nodes-start+1)
	}
	return v, cut
}

// otherDefencesShort reports what the frame f already shows of the test
// otherDefencesLast makes: every defence other than the drops on the
// check line (between) is mated within depth-3 plies, so none lasts the
// whole depth and no drop is futile. The capture's test, which runs first
// otherwise, can spend its whole budget where this answer is known: with
// two threads it kept the long problems' lengths from being proven
// (docs/threads.md#the-long-problems-lengths-with-two-threads).
func otherDefencesShort(f *frame, between position.Bitboard, depth uint16) bool {
	if depth < 4 {
		return false
	}
	for i := range f.children {
		c := &f.children[i]
		if c.dropOn(between) {
			continue
		}
		if !c.matedWithin(depth - 3) {
			return false
		}
	}
	return true
}

// otherDefencesLast reports whether the node's defences other than drops
// on the check line last the whole depth: there is one, and (with room for
// a longer mate than depth-2) one of them has no mate within depth-3.
// "None lasts" that rests on a proof holding on this path only (one that
// rests on a repetition, through a futility test below it) holds on this
// path only, like the disproofs' answer.
func (s *searcher) otherDefencesLast(f *frame, between position.Bitboard, depth uint16, ply int) bool {
	var rests returns
	for i := range f.children {
		c := &f.children[i]
		if c.dropOn(between) {
			continue
		}
		if depth < 4 {
			return true // every reply's mate takes at least one more ply
		}
		o := s.childOutcomeBudget(c.move, depth-3, ply, s.futilityBudget)
		if s.stopped {
			// Undecided, like a test out of its budget: the drop counts,
			// and nothing that rests on that is stored (a disproof of the
			// node stored here was how a stopped sub-search of gomate
			// check left a false "no mate within 8" in the exact cache).
			s.futilityCut = true
			return false
		}
		if o.settledDisproof() {
			s.futilityLocal.add(o)
			return true
		}
		if !o.proven() {
			s.futilityCut = true
			return false
		}
		rests.add(o)
	}
	s.futilityLocal.join(rests)
	return false
}

// captureMatesWithin reports whether the position after the checker
// captures on sq (promoting or not), the captured piece given back to the
// defender, mates within depth plies.
func (s *searcher) captureMatesWithin(checker, sq position.Square, depth uint16, ply int) bool {
	pos := s.pos
	captures, n := checkerCaptures(pos, checker, sq)
	pos.DoMove(position.PassMove)
	defer pos.UndoMove()
	for _, m := range captures[:n] {
		pos.DoMove(m)
		o := s.proveBudget(depth, ply+2, s.futilityBudget)
		pos.UndoMove()
		s.futilityLocal.add(o)
		if o.proven() {
			return true
		}
		if !o.settledDisproof() {
			// Undecided: the drop counts, and nothing resting on it is
			// stored, not even for this path (a cut disproof taken as
			// this path's result hid a mate: TestCutCaptureTestDecidesNothing).
			s.futilityCut = true
		}
		if s.stopped {
			return false
		}
	}
	return false
}

// matedWithin tells whether the frame knows c mated within n plies by a
// proof that holds on every path (not on this path only, and not resting
// on a futility test that ran out).
func (c *child) matedWithin(n uint16) bool {
	return c.pn == 0 && !c.local && !c.cut && c.length <= n
}

// dropOn tells whether c is a drop on one of squares: on the check line,
// an interposition, which the futility tests weigh against the node's
// other defences.
func (c *child) dropOn(squares position.Bitboard) bool {
	return c.move.IsDrop() && squares.Has(c.move.To())
}
