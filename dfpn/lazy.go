package dfpn

import (
	"gomate/position"
	"gomate/tt"
)

// Lazy expansion at the defender's nodes. Some replies are so alike that
// counting each in the node's proof number overstates the work: the
// attacker's answer to one is usually the answer to the others. Such
// replies form a chain in the frame: only its head counts, and the next
// member is revealed once the head is proven (revealProven). A hidden
// member's table entry is read (and prefetched) only when it is revealed,
// or when the node is disproven (win: it may refute more strongly): most
// never are, and in the searches that prove a length they were a sixth of
// all reads. The node is
// still proven only when every reply is, so this changes the order of the
// work, never the answer.
//
// (At the attacker's nodes, hiding a pawn, bishop or rook's non-promotion
// behind its promotion was tried and lost badly on Shogi Zukou, where such
// non-promotions are often the key: they are counted by max instead, see
// shareNonPromotions.)
//
// Chains at the defender's nodes:
//   - drops on one square (interpositions), cheapest piece first;
//   - Nagai's heuristic A: a capture of the checker that may promote or not
//     counts as its promotion; the non-promotion waits;
//   - Nagai's heuristic B: captures of the checker by several pieces of one
//     kind count once; the others wait.

// dropOrder is the order in which interposing drops on one square are
// tried: the cheapest piece first.
var dropOrder = [7]position.PieceType{position.Pawn, position.Lance, position.Knight,
	position.Silver, position.Gold, position.Bishop, position.Rook}

// chainAlike links the alike replies of a defender's node (the frame's
// children, freshly generated) and hides all but each chain's head.
func (s *searcher) chainAlike(f *frame) {
	if s.lazyDrops {
		chainDrops(f)
	}
	if s.shareFarDrops {
		s.markFarDrops(f)
	}
	checkers := s.pos.Checkers()
	if checkers.IsEmpty() || checkers.More() || !(s.heurA || s.heurB) {
		return
	}
	checker := checkers.First()
	if s.heurA {
		// The non-promotion follows the promotion of the same capture.
		for i := range f.children {
			p := &f.children[i]
			if !p.move.IsPromotion() || p.move.To() != checker {
				continue
			}
			for j := range f.children {
				q := &f.children[j]
				if !q.hidden && !q.move.IsDrop() && !q.move.IsPromotion() &&
					q.move.From() == p.move.From() && q.move.To() == checker {
					appendChain(f, i, j)
				}
			}
		}
	}
	if s.heurB {
		// Captures by pieces of one kind follow the first such capture.
		var head [position.NumPieces]int16
		for i := range head {
			head[i] = -1
		}
		for i := range f.children {
			c := &f.children[i]
			if c.hidden || c.move.IsDrop() || c.move.To() != checker {
				continue
			}
			pc := c.move.Piece()
			if pc.Type() == position.King {
				continue
			}
			if h := head[pc]; h >= 0 && f.children[h].move.From() != c.move.From() {
				appendChain(f, int(h), i)
			} else if h < 0 {
				head[pc] = int16(i)
			}
		}
	}
}

// markFarDrops marks as shared the interposing drops that are not next to
// the defender's king and do not give check: such middle interpositions
// (中合) are mostly captured with no change to the mate, so the node's δ
// counts them by their largest φ instead of adding each square's (dag.go).
// They stay visible: a middle interposition that refutes is found as soon
// as any other reply.
func (s *searcher) markFarDrops(f *frame) {
	pos := s.pos
	us := pos.SideToMove()
	k := pos.KingSquare(us)
	if k == position.NoSquare {
		return // a side without a king (a root given as the defender's) has no middle interpositions
	}
	near := position.StepAttacks(us, position.King, k)
	for i := range f.children {
		c := &f.children[i]
		if c.move.IsDrop() && !near.Has(c.move.To()) && !pos.GivesCheck(c.move) {
			c.shared = true
		}
	}
}

// appendChain hides child j at the end of the chain that starts at i.
func appendChain(f *frame, i, j int) {
	for f.children[i].next >= 0 {
		i = int(f.children[i].next)
	}
	f.children[i].next = int16(j)
	f.children[j].hidden = true
}

// chainDrops chains the drops on each square, cheapest piece first.
func chainDrops(f *frame) {
	// The passes start at the first drop (the generator puts them last).
	first := -1
	for i := range f.children {
		if f.children[i].move.IsDrop() {
			first = i
			break
		}
	}
	if first < 0 {
		return
	}
	var tail [position.NumSquares]int16 // the last drop chained per square
	for i := range tail {
		tail[i] = -1
	}
	for _, pt := range dropOrder {
		for i := first; i < len(f.children); i++ {
			c := &f.children[i]
			if !c.move.IsDrop() || c.move.DropType() != pt {
				continue
			}
			to := c.move.To()
			if j := tail[to]; j >= 0 {
				f.children[j].next = int16(i)
				c.hidden = true
			}
			tail[to] = int16(i)
		}
	}
}

// shareNonPromotions marks, at an attacker's node, each non-promotion of a
// pawn, bishop or rook that could promote as shared: the node's δ counts
// such checks by their largest φ instead of adding each (see dag.go). They
// stay visible, so a mate that needs one (a pawn-drop mate to avoid, a
// bishop that must stay unpromoted) is found as soon as any other.
func shareNonPromotions(f *frame, us position.Color) {
	// The promotion of such a move gives check whenever the move does (a
	// promoted pawn, bishop or rook attacks all it attacked before), so it
	// is among the checks too and need not be looked for.
	for i := range f.children {
		c := &f.children[i]
		m := c.move
		if m.IsDrop() || m.IsPromotion() {
			continue
		}
		switch m.Piece().Type() {
		case position.Pawn, position.Bishop, position.Rook:
			c.shared = position.InPromotionZone(us, m.From()) || position.InPromotionZone(us, m.To())
		}
	}
}

// revealProven shows the next member of every chain whose visible member
// is proven (the attacker mates after it) or futile, and reads its table
// entry; if the table does not decide it and it is a drop revealed behind
// a proven drop, the simulation (simulate.go) tries that one's proof on
// it. A member proven either way shows the one after it in the same pass
// (or the next, if that one comes first in the frame).
func (s *searcher) revealProven(f *frame) {
	for i := range f.children {
		c := &f.children[i]
		if !c.hidden && c.next >= 0 && (c.pn == 0 || c.futile) {
			n := &f.children[c.next]
			n.hidden = false
			c.next = -1
			if n.unread {
				s.readLate(f, n)
			}
			if c.pn == 0 && !c.futile && c.move.IsDrop() && n.move.IsDrop() && !n.local &&
				n.state != tt.Proven && n.state != tt.Disproven {
				s.simulate(f, c, n)
			}
		}
	}
}
