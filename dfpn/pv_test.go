package dfpn

import (
	"slices"
	"testing"
	"time"

	"gomate/position"
)

// TestWalkOffPath: the line is rebuilt within a proven length even when
// every mate within it passes through a position on the rebuild's path, as
// a proof made on another path (by another thread) can: the search on the
// path counts that return as lost for the attacker, and offPath finds the
// mate again. Each position is put on the path with the position two
// plies down its line; those with another mate within the length that
// avoids it are skipped.
func TestWalkOffPath(t *testing.T) {
	tried := 0
	for i, pos := range setPositions(t, "mate7.sfen", 30) {
		res := New(16).Solve(pos, Options{Rules: Strict}, Limits{Time: 10 * time.Second})
		if res.Status != Mate {
			t.Fatalf("position %d: %v", i+1, res.Status)
		}
		n := uint16(len(res.PV))
		down := pos.Clone()
		down.DoMove(res.PV[0])
		down.DoMove(res.PV[1])

		s := testSearcher(New(16), pos, pos.SideToMove())
		s.path.add(down.Key())
		o := s.prove(n, 0)
		if o.proven() {
			continue // a mate within n avoids the position
		}
		if !o.pathDependent {
			t.Fatalf("position %d: no mate within %d, and not for the path's sake: %+v", i+1, n, o)
		}
		tried++
		line, _, ok := s.walk(n, false, 0, false)
		if !ok {
			t.Errorf("position %d: no line within %d plies: %s", i+1, n, s.reason)
			continue
		}
		if len(line) > int(n) {
			t.Errorf("position %d: a line of %d plies, longer than %d", i+1, len(line), n)
		}
		if err := Strict.VerifyLine(pos, pos.SideToMove(), line); err != nil {
			t.Errorf("position %d: %v", i+1, err)
		}
		if !s.path.has(down.Key()) || s.path.count != 1 {
			t.Errorf("position %d: the path is not given back as it was (%d positions)", i+1, s.path.count)
		}
	}
	if tried == 0 {
		t.Fatal("no position whose every mate within its length passes two plies down its line")
	}
	t.Logf("%d positions rebuilt off the path", tried)
}

// TestWithoutSennichite: a line that goes round the rook's cycle
// (rookLaps) before the king steps out, or before the mate, keeps two
// laps (the start three times) and loses the rest; the root is left as it
// was.
func TestWithoutSennichite(t *testing.T) {
	p := mustSFEN(t, rookLapsSFEN)
	sfen := p.SFEN()
	for n := 0; n <= 5; n++ {
		for _, end := range []struct {
			name  string
			moves []string
			mate  bool
		}{{"the mate", []string{"G*1b"}, true}, {"the king's step out", []string{"9b9a", "1a2b"}, false}} {
			got := withoutSennichite(p, mustMoves(t, p, slices.Concat(rookLaps(n), end.moves)...))
			if want := mustMoves(t, p, slices.Concat(rookLaps(min(n, 2)), end.moves)...); !slices.Equal(got, want) {
				t.Errorf("%d laps, then %s: %v, want %v", n, end.name, got, want)
			}
			if p.SFEN() != sfen {
				t.Fatalf("%d laps, then %s: the root changed to %s", n, end.name, p.SFEN())
			}
			if end.mate {
				if err := Strict.VerifyLine(p, position.Black, got); err != nil {
					t.Errorf("%d laps, then %s: %v", n, end.name, err)
				}
			}
		}
	}
}
