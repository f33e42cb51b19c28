package position

import (
	"fmt"
	"slices"
	"testing"
)

// TestDirectChecksTo: for every square of every position of the check
// lists (and of the legal-move lists, some in check), and of the positions
// after each check of the check lists (in check, where only evasions
// count), DirectChecksTo gives exactly GenerateChecks' board moves onto
// that square whose piece checks from there, and nothing onto a square of
// its own pieces.
func TestDirectChecksTo(t *testing.T) {
	var all, one, checksBuf [MaxMoves]Move
	compared, found, foundInCheck := 0, 0, 0
	compare := func(p *Position, where string) {
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
				t.Fatalf("%s onto %v: got %v, want %v", where, sq, got, want)
			}
			compared++
			found += len(got)
			if p.InCheck() {
				foundInCheck += len(got)
			}
		}
	}
	for _, file := range []string{"movegen/checks.txt", "movegen/legal_moves.txt"} {
		for _, c := range readMoveLists(t, file) {
			p := mustSFEN(t, c.sfen)
			where := fmt.Sprintf("%s:%d %s", file, c.line, c.sfen)
			compare(p, where)
			if file != "movegen/checks.txt" {
				continue
			}
			for _, m := range p.GenerateChecks(checksBuf[:0]) {
				p.DoMove(m)
				compare(p, where+" after "+m.String())
				p.UndoMove()
			}
		}
	}
	if found == 0 || foundInCheck == 0 {
		t.Fatalf("%d direct checks found in %d comparisons, %d of them in check: the test needs both kinds", found, compared, foundInCheck)
	}
	t.Logf("%d comparisons, %d direct checks, %d in check", compared, found, foundInCheck)
}
