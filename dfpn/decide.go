package dfpn

import (
	"gomate/position"
	"gomate/tt"
)

// win decides a node whose side to move wins: an attacker's node is proven
// by its shortest proven child, a defender's node disproven by a disproven
// child (one that does not rest on a repetition if there is one).
func (s *searcher) win(f *frame, or bool, key uint64, h position.Hand, startNodes uint64) outcome {
	amount := s.amountSince(startNodes)
	// Under tsume rules with a length bound, a disproven drop on the check
	// line refutes the node only as far as its futility test went: such a
	// disproof is path-dependent, and any other refutation is preferred.
	var line position.Bitboard
	if !or && s.relativeFutility {
		_, line, _ = checkLine(s.pos)
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
		onLine := c.move.IsDrop() && line.Has(c.move.To())
		if best == nil || (bestOnLine && !onLine) ||
			(bestOnLine == onLine && ((best.local && !c.local) ||
				(best.local == c.local && c.length > best.length))) {
			best, bestOnLine = c, onLine
		}
	}
	s.answers.record(s.pos.LastMove(), best.move)
	if or {
		ph := orProofHand(best.fhand, best.move, best.captured)
		l := depthPlus1(best.length)
		if best.local {
			return outcome{pn: 0, dn: inf, length: l, hand: ph, pathDependent: true}
		}
		s.table.StoreProven(key, h, ph, l, amount)
		return outcome{pn: 0, dn: inf, length: l, hand: ph}
	}
	dh := andDisproofHand(best.fhand, best.move, h)
	l := depthPlus1(best.length)
	if best.local || bestOnLine {
		return outcome{pn: inf, dn: 0, length: l, hand: dh, pathDependent: true}
	}
	s.table.StoreDisproven(key, h, dh, l, amount)
	return outcome{pn: inf, dn: 0, length: l, hand: dh}
}

// loss decides a node whose side to move loses: every child of an
// attacker's node is disproven, every child of a defender's node proven.
func (s *searcher) loss(f *frame, or bool, key uint64, h position.Hand, startNodes uint64) outcome {
	amount := s.amountSince(startNodes)
	if or {
		dh := fullHand
		l := tt.Unlimited
		local := false
		for i := range f.children {
			c := &f.children[i]
			dh = dh.Min(orDisproofHand(c.fhand, c.move, c.captured))
			l = min(l, depthPlus1(c.length))
			local = local || c.local
		}
		dh = orDisproofFinish(dh, h)
		if local {
			return outcome{pn: inf, dn: 0, length: l, hand: dh, pathDependent: true}
		}
		s.table.StoreDisproven(key, h, dh, l, amount)
		return outcome{pn: inf, dn: 0, length: l, hand: dh}
	}
	var ph position.Hand
	var l uint16
	local := f.usedFutility
	for i := range f.children {
		c := &f.children[i]
		if c.futile {
			continue
		}
		ph = ph.Max(c.fhand)
		l = max(l, c.length)
		local = local || c.local
	}
	ph = ph.Max(interposeNeeds(s.pos, s.attacker))
	l = depthPlus1(l)
	if local {
		return outcome{pn: 0, dn: inf, length: l, hand: ph, pathDependent: true}
	}
	s.table.StoreProven(key, h, ph, l, amount)
	return outcome{pn: 0, dn: inf, length: l, hand: ph}
}
