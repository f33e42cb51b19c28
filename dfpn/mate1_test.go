package dfpn

import (
	"testing"

	"gomate/position"
)

// TestSolverMateInOne runs the solver on the mate-in-one sets: every
// position of mate1.txt is a proven-shortest mate of one ply, and no
// position of no_mate1.txt gets a one-ply answer (the solver may find a
// longer mate, prove there is none, or stop at its node limit).
func TestSolverMateInOne(t *testing.T) {
	s := New(16)
	for _, tc := range []struct {
		file string
		mate bool
	}{{"mate1.txt", true}, {"no_mate1.txt", false}} {
		n := 0
		for _, sfen := range readLines(t, "../testdata/movegen/"+tc.file) {
			if sfen == "" {
				continue
			}
			p, err := position.FromSFEN(sfen)
			if err != nil {
				t.Fatalf("%s: %v", sfen, err)
			}
			n++
			res := s.Solve(p, Options{Rules: Strict, FirstMate: !tc.mate}, Limits{Nodes: 2000})
			if res.Status == Mate {
				if err := VerifyLine(p, p.SideToMove(), res.PV); err != nil {
					t.Errorf("%s: %v", sfen, err)
				}
			}
			if tc.mate && (res.Status != Mate || len(res.PV) != 1 || !res.Shortest) {
				t.Errorf("%s: want a mate in one, got %v %d plies", sfen, res.Status, len(res.PV))
			}
			if !tc.mate && res.Status == Mate && len(res.PV) == 1 {
				t.Errorf("%s: a mate in one where the set has none: %v", sfen, res.PV)
			}
		}
		if n < 1000 {
			t.Errorf("%s: only %d positions", tc.file, n)
		}
	}
}
