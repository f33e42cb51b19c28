package position

import (
	"slices"
	"testing"
)

// TestDirectChecksTo: for every square of every position of the check
// lists (and of the legal-move lists, some in check), DirectChecksTo gives
// exactly GenerateChecks' board moves onto that square whose piece checks
// from there, and nothing onto a square of its own pieces.
func TestDirectChecksTo(t *testing.T) {
	var all, one [MaxMoves]Move
	compared, found := 0, 0
	for _, file := range []string{"movegen/checks.txt", "movegen/legal_moves.txt"} {
		for _, c := range readMoveLists(t, file) {
			p := mustSFEN(t, c.sfen)
			checks := p.GenerateChecks(all[:0])
			for sq := Square(0); sq < NumSquares; sq++ {
				var want []Move
				for _, m := range checks {
					if !m.IsDrop() && m.To() == sq && p.checksFrom(m) {
						want = append(want, m)
					}
				}
				got := p.DirectChecksTo(one[:0], sq)
				slices.Sort(want)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Fatalf("%s:%d %s onto %v: got %v, want %v", file, c.line, c.sfen, sq, got, want)
				}
				compared++
				found += len(got)
			}
		}
	}
	if found == 0 {
		t.Fatalf("no direct check found in %d comparisons: the test compares nothing", compared)
	}
}
