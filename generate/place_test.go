package generate

import (
	"testing"

	"gomate/position"
)

// TestPlacementKeepsMask: the direct search's placements and every change
// of them occupy exactly the mask (the king alone for a bare king), keep
// hand= and one-kind=, and always have the defender's king: 2000 changes
// from each start, for a few constraints.
func TestPlacementKeepsMask(t *testing.T) {
	tee, _ := ParseShape("t")
	box, _ := ParseShape("box")
	for _, tc := range []struct {
		name string
		c    Constraints
	}{
		{"t", Constraints{Shape: &tee}},
		{"box, hand=G", Constraints{Shape: &box, Pieces: PieceSpec{HandSet: true, Hand: position.MustParseHand("G")}}},
		{"t, one-kind=S", Constraints{Shape: &tee, Pieces: PieceSpec{OneKind: position.Silver}}},
		{"bare-king", Constraints{Pieces: PieceSpec{BareKing: true}}},
		{"bare-king, one-kind=R", Constraints{Pieces: PieceSpec{BareKing: true, OneKind: position.Rook}}},
	} {
		pl := &placer{c: &tc.c, plies: 3, r: candidateRNG(9, 0)}
		b := pl.random()
		for i := range 2000 {
			kings, others := 0, 0
			var occ Mask
			for s := position.Square(0); s < position.NumSquares; s++ {
				pc := b.Board[s]
				if pc == position.NoPiece {
					continue
				}
				occ.on[s] = true
				if pc == position.NewPiece(defender, position.King) {
					kings++
					continue
				}
				others++
				if !tc.c.Pieces.kindAllowed(pc.Type()) || pc.Type() == position.King {
					t.Fatalf("%s, change %d: %s on %s", tc.name, i, pc, s)
				}
			}
			switch {
			case kings != 1:
				t.Fatalf("%s, change %d: %d defender's kings", tc.name, i, kings)
			case tc.c.Shape != nil && occ != *tc.c.Shape:
				t.Fatalf("%s, change %d: occupies %s", tc.name, i, occ)
			case tc.c.Pieces.BareKing && others != 0:
				t.Fatalf("%s, change %d: %d pieces besides the king", tc.name, i, others)
			case tc.c.Pieces.HandSet && b.Hands[attacker] != tc.c.Pieces.Hand:
				t.Fatalf("%s, change %d: hand %s", tc.name, i, b.Hands[attacker])
			case tc.c.Pieces.BareKing && b.Hands[attacker].IsEmpty():
				t.Fatalf("%s, change %d: a bare king and an empty hand", tc.name, i)
			}
			for _, pt := range position.HandTypes {
				if b.Hands[attacker].Count(pt) > 0 && !tc.c.Pieces.kindAllowed(pt) {
					t.Fatalf("%s, change %d: %s in hand", tc.name, i, b.Hands[attacker])
				}
			}
			b = pl.mutate(b)
		}
	}
}
