package dfpn

import (
	"fmt"
	"testing"
	"time"

	"gomate/position"
)

// TestBoundIsTheProvenLength: Result.Bound is the length the search
// proved: the first mate's with FirstMate (the line may be shorter, its
// defences only the longest known), the line's own once it is proven
// shortest.
func TestBoundIsTheProvenLength(t *testing.T) {
	s := New(64)
	for i := 1; i <= 20; i++ {
		pos, err := position.FromSFEN(compositionSFEN(t, fmt.Sprintf("mate11.sfen:%d", i)))
		if err != nil {
			t.Fatal(err)
		}
		for _, first := range []bool{true, false} {
			s.Clear()
			res := s.Solve(pos, Options{Rules: Strict, FirstMate: first}, Limits{Time: 30 * time.Second})
			switch {
			case res.Status != Mate:
				t.Fatalf("mate11:%d: %v", i, res.Status)
			case first && (res.Bound != res.FirstMateLength || len(res.PV) > res.Bound):
				t.Errorf("mate11:%d first mate: bound %d, first length %d, line %d", i, res.Bound, res.FirstMateLength, len(res.PV))
			case !first && (!res.Shortest || res.Bound != len(res.PV)):
				t.Errorf("mate11:%d: shortest %v, bound %d, line %d", i, res.Shortest, res.Bound, len(res.PV))
			}
		}
	}
}
