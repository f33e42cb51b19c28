package dfpn

import (
	"gomate/position"
	"gomate/tt"
)

// A decided node's result is a fact about the position and every hand its
// proof or disproof hand covers, and goes to the table, unless it rests on
// something narrower:
//   - on a repetition of the current path (pathDependent): it is kept in
//     the parent's frame for the rest of the visit and in the repetition
//     cache under the set of positions on the path (repcache.go), never
//     in the table; except at the position the repetitions return to,
//     where it is a fact for the node's own hand (loops.go, loopTop);
//   - on a test of relative futility (exact, futile_relative.go): it holds
//     for this position and this very hand, and goes to the exact cache;
//   - on such a test that ran out of its budget (cut): a disproof is then
//     not a fact at all, not even on this path; it is kept in the frame
//     for the rest of the visit only.

// win decides a node whose side to move wins: an attacker's node is proven
// by its shortest proven child, a defender's node disproven by a disproven
// child (one that does not rest on a repetition if there is one). f is the
// node's frame.
func (s *searcher) win(f *frame) outcome {
	or := f.or
	// Under tsume rules with a length bound, a disproven drop on the check
	// line refutes the node only as far as its futility test went, for
	// this hand: any other refutation is preferred.
	var line position.Bitboard
	if !or && s.relativeFutility {
		_, line, _ = checkLine(s.pos)
	}
	if !or {
		// A reply still hidden may be a stronger refutation (a longer
		// disproof) than the one that decided the node.
		s.readHidden(f)
	}
	var best *child
	bestOnLine := false
	for i := range f.children {
		c := &f.children[i]
		if c.futile {
			continue
		}
		if or {
			if c.pn == 0 && (best == nil || c.length < best.length) {
				best = c
			}
			continue
		}
		if c.dn != 0 {
			continue
		}
		onLine := c.dropOn(line)
		if best == nil || (bestOnLine && !onLine) ||
			(bestOnLine == onLine && ((best.local && !c.local) ||
				(best.local == c.local && c.length > best.length))) {
			best, bestOnLine = c, onLine
		}
	}
	s.answers.record(s.pos.LastMove(), best.move)
	l := depthPlus1(best.length)
	if or {
		if f.ply == 0 {
			s.rootWin = best.move
		}
		ph := orProofHand(best.fhand, best.move, best.captured)
		return s.decided(f, outcome{pn: 0, dn: inf, length: l, hand: ph,
			pathDependent: best.local, loopTop: best.loopTop, cut: best.cut, exact: best.exact})
	}
	// A disproof by a drop that a futility test could not decide (it ran
	// out of its budget) holds only as far as that test went: like a
	// repetition's, it is kept for this visit and never stored.
	dh := andDisproofHand(best.fhand, best.move, f.hand)
	cut := best.cut || (bestOnLine && f.futilityCut)
	var rests returns // a cut result never becomes a fact (decided)
	if best.local {
		rests.addTop(best.loopTop)
	}
	if bestOnLine {
		rests.join(f.futilityLocal)
	}
	return s.decided(f, outcome{pn: inf, dn: 0, length: l, hand: dh,
		pathDependent: rests.local || cut, loopTop: rests.top, cut: cut, exact: best.exact || bestOnLine})
}

// loss decides a node whose side to move loses: every child of an
// attacker's node is disproven, every child of a defender's node proven
// (or a futile drop). f is the node's frame.
func (s *searcher) loss(f *frame) outcome {
	rests, cut, exact := f.futilityLocal, false, f.usedFutility
	if f.or {
		dh := fullHand
		l := tt.Unlimited
		for i := range f.children {
			c := &f.children[i]
			dh = dh.Min(orDisproofHand(c.fhand, c.move, c.captured))
			l = min(l, depthPlus1(c.length))
			cut, exact = cut || c.cut, exact || c.exact
			if c.local {
				rests.addTop(c.loopTop)
			}
		}
		dh = orDisproofFinish(dh, f.hand)
		return s.decided(f, outcome{pn: inf, dn: 0, length: l, hand: dh,
			pathDependent: rests.local, loopTop: rests.top, cut: cut, exact: exact})
	}
	var ph position.Hand
	var l uint16
	for i := range f.children {
		c := &f.children[i]
		if c.futile {
			continue
		}
		ph = ph.Max(c.fhand)
		l = max(l, c.length)
		cut, exact = cut || c.cut, exact || c.exact
		if c.local {
			rests.addTop(c.loopTop)
		}
	}
	ph = ph.Max(interposeNeeds(s.pos, s.attacker))
	return s.decided(f, outcome{pn: 0, dn: inf, length: depthPlus1(l), hand: ph,
		pathDependent: rests.local, loopTop: rests.top, cut: cut, exact: exact})
}

// decided stores the result o of the current node, searched in frame f,
// where it belongs (see above) and returns it.
//
// A disproof that rests on a test of relative futility holds at the node's
// own bound (f.depth) only: the tests ran at that bound, and their answers
// do not carry to a larger one (a drop's capture that mates in 6 is "not
// futile" at a bound of 4). So a disproven child's longer length must not
// lift the node's. Zukou #89's check showed it: a node searched with 4
// plies left, its drop disproven from the table at 5, was cached as "no
// mate within 6" though it mates in 6 (the drop is futile at that bound).
func (s *searcher) decided(f *frame, o outcome) outcome {
	key, h := f.key, f.hand
	if o.exact && o.disproven() {
		o.length = min(o.length, f.depth)
	}
	if o.pathDependent && !o.cut && o.loopTop != 0 && f.pathIndex < int(o.loopTop) {
		// It rests only on returns to this node or below it: a fact
		// here (loops.go), for this hand. A return counts as a disproof
		// for any hand, which a larger hand here would not make a return,
		// so the disproof hand is not widened past the node's own.
		o.pathDependent, o.loopTop = false, 0
		if o.disproven() {
			o.hand = h
		}
	}
	if !o.pathDependent {
		o.loopTop = 0
	}
	switch {
	case o.pathDependent:
		if !o.cut && s.repsOn {
			s.reps.store(repKey(key, h, f.ancestors, s.repSalt()), o)
			s.table.MarkSideResult(key, h, s.level(f.ply))
		}
	case o.exact:
		s.exactCache.store(key, h, o, s.nodes-f.startNodes+1)
		s.table.MarkSideResult(key, h, s.level(f.ply))
	case o.proven():
		s.table.StoreProven(key, o.hand, o.length, s.amountSince(f.startNodes))
	default:
		s.table.StoreDisproven(key, o.hand, o.length, s.amountSince(f.startNodes))
	}
	return o
}
