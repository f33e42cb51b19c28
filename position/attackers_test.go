package position

import "testing"

// TestSafeSquares: for each king of the check lists' positions, and after
// every check, safeSquares keeps exactly the king's neighbours that no
// piece of the other colour attacks with the king lifted off the board
// (every piece asked for its attacks, as in refAttackers).
func TestSafeSquares(t *testing.T) {
	var checks [MaxMoves]Move
	safe, unsafe := 0, 0
	test := func(p *Position, sfen string) {
		for _, c := range []Color{Black, White} {
			k := p.kings[c]
			if k == NoSquare {
				continue
			}
			occ := p.occupied.Xor(squareBB[k])
			dests := stepAttacks[c][King][k]
			got := p.safeSquares(k, dests, c.Opp(), occ)
			for d := dests; d.Any(); {
				s := d.Pop()
				attacked := refAttackersWith(p, s, c.Opp(), occ).Any()
				if got.Has(s) == attacked {
					t.Fatalf("%s: %v king on %v, square %v: safe %v, attacked %v", sfen, c, k, s, got.Has(s), attacked)
				}
				if attacked {
					unsafe++
				} else {
					safe++
				}
			}
			if got.AndNot(dests).Any() {
				t.Fatalf("%s: safeSquares returned squares outside dests", sfen)
			}
		}
	}
	for _, c := range readMoveLists(t, "movegen/checks.txt") {
		p := mustSFEN(t, c.sfen)
		test(p, c.sfen)
		for _, m := range p.GenerateChecks(checks[:0]) {
			p.DoMove(m)
			test(p, c.sfen+" after "+m.String())
			p.UndoMove()
		}
	}
	t.Logf("%d safe, %d attacked squares", safe, unsafe)
	if safe == 0 || unsafe == 0 {
		t.Fatalf("%d safe and %d attacked squares met: the test needs both", safe, unsafe)
	}
}
