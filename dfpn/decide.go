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
	var best *child
	for i := range f.children {
		c := &f.children[i]
		if or {
			if c.pn == 0 && (best == nil || c.length < best.length) {
				best = c
			}
		} else if c.dn == 0 && (best == nil || (best.local && !c.local) ||
			(best.local == c.local && c.length > best.length)) {
			best = c
		}
	}
	s.answers.record(s.pos.LastMove(), best.move)
	if or {
		ph := orProofHand(best.fhand, best.move, best.captured)
		l := depthPlus1(best.length)
		s.table.StoreProven(key, h, ph, l, amount)
		return outcome{pn: 0, dn: inf, length: l, hand: ph}
	}
	dh := andDisproofHand(best.fhand, best.move, h)
	l := depthPlus1(best.length)
	if best.local {
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
	for i := range f.children {
		c := &f.children[i]
		ph = ph.Max(c.fhand)
		l = max(l, c.length)
	}
	ph = ph.Max(interposeNeeds(s.pos, s.attacker))
	l = depthPlus1(l)
	s.table.StoreProven(key, h, ph, l, amount)
	return outcome{pn: 0, dn: inf, length: l, hand: ph}
}
