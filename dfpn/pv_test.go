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

// TestWithoutCycles: the rook of TestVerifyLineSennichite checks along
// ranks a and b while the king steps between 1a and 1b; a line that goes
// round such cycles before the mate loses them, wherever they start, and
// the root is left as it was.
func TestWithoutCycles(t *testing.T) {
	p := mustSFEN(t, "8k/R8/9/9/9/9/9/9/9 b Gr2b3g4s4n4l18p 1")
	sfen := p.SFEN()
	cycle := []string{"9b9a", "1a1b", "9a9b", "1b1a"}
	cases := []struct {
		name       string
		line, want []string
		mate       bool // the line ends in mate
	}{
		{"no cycle", []string{"G*1b"}, []string{"G*1b"}, true},
		{"one lap", append(slices.Clone(cycle), "G*1b"), []string{"G*1b"}, true},
		{"three laps", slices.Concat(cycle, cycle, cycle, []string{"G*1b"}), []string{"G*1b"}, true},
		// Cycles that start at the second position, after the rook's
		// first check, and a king's step out of them.
		{"laps that start before and after the first check", slices.Concat([]string{"9b9a"}, cycle[1:], cycle, []string{"9b9a", "1a2b"}),
			[]string{"9b9a", "1a2b"}, false},
	}
	for _, tc := range cases {
		got := withoutCycles(p, mustMoves(t, p, tc.line...))
		if want := mustMoves(t, p, tc.want...); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", tc.name, got, want)
		}
		if p.SFEN() != sfen {
			t.Fatalf("%s: the root changed to %s", tc.name, p.SFEN())
		}
		if tc.mate {
			if err := Strict.VerifyLine(p, position.Black, got); err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
		}
	}
}
