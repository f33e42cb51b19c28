package dfpn

import (
	"fmt"
	"sync/atomic"
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
			case first && (res.Bound != res.FirstMate().Plies || len(res.PV) > res.Bound):
				t.Errorf("mate11:%d first mate: bound %d, first length %d, line %d", i, res.Bound, res.FirstMate().Plies, len(res.PV))
			case !first && (!res.Shortest || res.Bound != len(res.PV)):
				t.Errorf("mate11:%d: shortest %v, bound %d, line %d", i, res.Shortest, res.Bound, len(res.PV))
			}
		}
	}
}

// TestDefenderWithoutKing: a root given as the defender's whose side has no
// king is answered (no mate: there is nothing to mate), not a panic. Found
// by `gomate solve -defender` on a position after the attacker's drop.
func TestDefenderWithoutKing(t *testing.T) {
	pos, err := position.FromSFEN("5k3/n4l3/5+R3/2+B6/3P5/1S7/9/9/9 w SL2Prb4g2s3n2l15p 36")
	if err != nil {
		t.Fatal(err)
	}
	m, err := pos.ParseMove("P*6c")
	if err != nil {
		t.Fatal(err)
	}
	pos.DoMove(m) // black to move, and black has no king
	for _, rules := range []Rules{Tsume, Strict} {
		res := New(16).Solve(pos, Options{RootIsDefender: true, Rules: rules}, Limits{Time: 10 * time.Second})
		if res.Status != NoMate {
			t.Errorf("rules %v: %v (%s), want nomate", rules, res.Status, res.Reason)
		}
	}
}

// TestStopSeenWithinClockInterval: a search polls its stop flag (and the
// clock) every clockInterval nodes, not only every pollInterval: a node
// can take milliseconds while a fresh table is faulted in, and a stop
// must not wait a thousand of them. A search whose flag is set from the
// start stops within two intervals (and an eighth of pollInterval),
// undecided.
func TestStopSeenWithinClockInterval(t *testing.T) {
	pos, err := position.FromSFEN(compositionSFEN(t, "mate11.sfen:1"))
	if err != nil {
		t.Fatal(err)
	}
	var stop atomic.Bool
	stop.Store(true)
	res := New(16).Solve(pos, Options{}, Limits{Stop: &stop})
	if limit := uint64(min(2*clockInterval, pollInterval/8)); res.Status != Unknown || res.Reason != "stopped" || res.Nodes > limit {
		t.Errorf("%v (%s) after %d nodes; want stopped within %d", res.Status, res.Reason, res.Nodes, limit)
	}
}
