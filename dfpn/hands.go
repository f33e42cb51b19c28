package dfpn

import "gomate/position"

// Proof and disproof pieces. A proven node stores the smallest attacker
// hand that still mates, a disproven one the largest that still fails, so
// the table can reuse the result for every superior (or inferior) hand.

// fullHand holds every piece of the game: the disproof hand of a node that
// fails whatever the attacker holds.
var fullHand = position.Hand(0).
	Set(position.Pawn, 18).Set(position.Lance, 4).Set(position.Knight, 4).
	Set(position.Silver, 4).Set(position.Gold, 4).Set(position.Bishop, 2).Set(position.Rook, 2)

// orProofHand turns the proof hand of the child reached by the attacker's
// move m into the parent's: a dropped piece was needed before the drop, a
// captured one need not be held before it was taken.
func orProofHand(child position.Hand, m position.Move, captured position.Piece) position.Hand {
	if m.IsDrop() {
		return child.Add(m.DropType())
	}
	if captured != position.NoPiece {
		if pt := captured.Type().Unpromote(); child.Has(pt) {
			return child.Sub(pt)
		}
	}
	return child
}

// orDisproofHand turns the disproof hand of the child reached by the
// attacker's move m into the parent's, the other way round.
func orDisproofHand(child position.Hand, m position.Move, captured position.Piece) position.Hand {
	if m.IsDrop() {
		pt := m.DropType()
		if child.Count(pt) < fullHand.Count(pt) {
			return child.Add(pt)
		}
		return child
	}
	if captured != position.NoPiece {
		if pt := captured.Type().Unpromote(); child.Has(pt) {
			return child.Sub(pt)
		}
	}
	return child
}

// orDisproofFinish applies the rule every disproven OR node needs: a kind
// the attacker does not hold could give new checking drops if it did, so
// the disproof cannot extend to hands that hold it.
func orDisproofFinish(dh, h position.Hand) position.Hand {
	for _, pt := range position.HandTypes {
		if !h.Has(pt) {
			dh = dh.Without(pt)
		}
	}
	return dh
}

// andDisproofHand turns the disproof hand of the child reached by the
// defender's move m into the parent's: a defender drop needs the piece,
// which a larger attacker hand could take away.
func andDisproofHand(child position.Hand, m position.Move, h position.Hand) position.Hand {
	if m.IsDrop() {
		pt := m.DropType()
		if child.Count(pt) > h.Count(pt) {
			return child.Set(pt, h.Count(pt))
		}
	}
	return child
}

// interposeNeeds returns what a proven AND node's proof hand must keep: when
// the check can be blocked, a kind the defender lacks only because the
// attacker holds it would become an interposition if the attacker held
// less, so the attacker's whole count of it stays in the proof.
func interposeNeeds(pos *position.Position, attacker position.Color) position.Hand {
	if _, _, ok := checkLine(pos); !ok {
		return 0
	}
	dh, ah := pos.Hand(attacker.Opp()), pos.Hand(attacker)
	var need position.Hand
	for _, pt := range position.HandTypes {
		if !dh.Has(pt) && ah.Has(pt) {
			need = need.Set(pt, ah.Count(pt))
		}
	}
	return need
}
