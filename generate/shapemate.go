package generate

import (
	"gomate/position"
)

// The mate positions the reverse method starts from under constraints:
// with a shape of the final position, the defender's king on a square of
// the mask and a piece of either side on each of its other squares, so
// that the mate position occupies the mask exactly; with one-kind, the
// pieces placed near the king (as randomMate places them) of the one
// kind only. Otherwise randomMate's placements.

// mateFor returns a random mate position that keeps to c (see above) and
// has a retraction, and the placements tried; nil when none of
// maxMateTries was one.
func mateFor(c *Constraints, r *rng, buf []position.Retraction) (*position.Position, int) {
	finalShape := c.Shape != nil && c.Of == ShapeFinal
	if !finalShape && c.Pieces.OneKind == position.NoPieceType {
		return randomMate(r, buf)
	}
	ak, aw := kindsOf(attackKinds, attackKindWeights, c.Pieces)
	dk, dw := kindsOf(defendKinds, defendKindWeights, c.Pieces)
	for try := 1; try <= maxMateTries; try++ {
		var b board
		b.Side = defender
		if finalShape {
			fillMask(&b, r, c.Shape, ak, aw, dk, dw)
		} else {
			k := position.NewSquare(r.pick(kingFileWeights[:]), r.pick(kingRankWeights[:]))
			b.Board[k] = position.NewPiece(defender, position.King)
			for range 1 + r.intn(4) {
				pt := ak[r.pick(aw)]
				reach := 2
				if isRanging(pt) {
					reach = 4
				}
				place(&b, r, k, position.NewPiece(attacker, pt), reach)
			}
			for range r.intn(4) {
				place(&b, r, k, position.NewPiece(defender, dk[r.pick(dw)]), 2)
			}
		}
		if !b.restToDefender(defender) {
			continue
		}
		p, err := b.position()
		if err == nil && p.IsMate() && len(p.Retractions(buf[:0])) > 0 {
			return p, try
		}
	}
	return nil, maxMateTries
}

// fillMask puts the defender's king on a square of m (weighted as
// randomMate weights the king's squares, uniform when those weights are
// all 0 on m) and a piece on each other square: the attacker's with
// probability 0.6, of the kinds ak (weights aw), else the defender's, of
// dk (weights dw).
func fillMask(b *board, r *rng, m *Mask, ak []position.PieceType, aw []float64, dk []position.PieceType, dw []float64) {
	sq := m.Squares()
	k := sq[r.pick(kingWeightsOn(sq))]
	for _, s := range sq {
		switch {
		case s == k:
			b.Board[s] = position.NewPiece(defender, position.King)
		case r.chance(0.6):
			b.Board[s] = position.NewPiece(attacker, ak[r.pick(aw)])
		default:
			b.Board[s] = position.NewPiece(defender, dk[r.pick(dw)])
		}
	}
}

// kingWeightsOn are the weights of the defender's king on the squares sq:
// the product of randomMate's rank and file weights, or 1 each when these
// are 0 on every square.
func kingWeightsOn(sq []position.Square) []float64 {
	w := make([]float64, len(sq))
	total := 0.0
	for i, s := range sq {
		w[i] = kingFileWeights[s.File()] * kingRankWeights[s.Rank()]
		total += w[i]
	}
	if total == 0 {
		for i := range w {
			w[i] = 1
		}
	}
	return w
}

// kindsOf restricts kinds (with their weights) to those p allows: the
// one kind, promoted or not (weight 1 each when the table has none of
// them).
func kindsOf(kinds []position.PieceType, weights []float64, p PieceSpec) ([]position.PieceType, []float64) {
	if p.OneKind == position.NoPieceType {
		return kinds, weights
	}
	var ks []position.PieceType
	var ws []float64
	for i, pt := range kinds {
		if p.kindAllowed(pt) {
			ks, ws = append(ks, pt), append(ws, weights[i])
		}
	}
	if len(ks) == 0 {
		ks, ws = []position.PieceType{p.OneKind}, []float64{1}
		if p.OneKind.CanPromote() {
			ks, ws = append(ks, p.OneKind.Promote()), append(ws, 0.5)
		}
	}
	return ks, ws
}
