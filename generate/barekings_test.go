package generate

import (
	"testing"

	"gomate/position"
)

// TestBareHands: the enumerated hands are every hand of 1 to 5 pieces
// within the game's counts, each once, fewest pieces first (the count
// made again here by looping over every count of each kind); one-kind
// and hand= restrict them.
func TestBareHands(t *testing.T) {
	hands := bareHands(PieceSpec{})
	want := 0
	for r := range 3 {
		for b := range 3 {
			for g := range 5 {
				for s := range 5 {
					for n := range 5 {
						for l := range 5 {
							for p := range 6 {
								if k := r + b + g + s + n + l + p; k >= 1 && k <= maxBareHand {
									want++
								}
							}
						}
					}
				}
			}
		}
	}
	if len(hands) != want {
		t.Errorf("%d hands, want %d", len(hands), want)
	}
	seen := map[position.Hand]bool{}
	for i, h := range hands {
		if seen[h] || h.Total() < 1 || h.Total() > maxBareHand || i > 0 && h.Total() < hands[i-1].Total() {
			t.Fatalf("hand %d: %s (after %s)", i, h, hands[max(i-1, 0)])
		}
		seen[h] = true
	}
	if got := bareHands(PieceSpec{OneKind: position.Rook}); len(got) != 2 || got[0] != position.MustParseHand("R") || got[1] != position.MustParseHand("2R") {
		t.Errorf("one-kind=R: %v", got)
	}
	if got := bareHands(PieceSpec{HandSet: true, Hand: position.MustParseHand("RBG")}); len(got) != 1 || got[0] != position.MustParseHand("RBG") {
		t.Errorf("hand=RBG: %v", got)
	}
}

// TestBareKingSquares: the king's squares are files 1 to 5 of ranks 1 to
// 5, 1一 first, each once; a one-square shape of the initial position
// gives that square only.
func TestBareKingSquares(t *testing.T) {
	sq := bareKingSquares(&Constraints{})
	if len(sq) != 25 || sq[0] != position.NewSquare(0, 0) {
		t.Fatalf("%v", sq)
	}
	seen := map[position.Square]bool{}
	for _, s := range sq {
		if seen[s] || s.File() > 4 || s.Rank() > 4 {
			t.Errorf("%s", s)
		}
		seen[s] = true
	}
	m := maskOf(t, "2b")
	if got := bareKingSquares(&Constraints{Shape: m}); len(got) != 1 || got[0] != position.NewSquare(1, 1) {
		t.Errorf("shape 2b: %v", got)
	}
}
