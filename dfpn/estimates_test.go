package dfpn

import (
	"testing"

	"gomate/position"
	"gomate/tt"
)

// TestEstimatesByPositionLevel: the search for the first mate keeps its
// estimates at one level for every ply with EstimatesByPosition, and at
// the node's ply without it; the searches with a length bound keep them
// by ply either way.
func TestEstimatesByPositionLevel(t *testing.T) {
	p := mustSFEN(t, "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1") // Shogi Zukou #1
	for _, byPosition := range []bool{true, false} {
		s := New(16)
		opt := Options{}.With(EstimatesByPosition, byPosition)
		sr := s.newSearcher(p, opt, Limits{Nodes: 5000})
		if r := sr.solve(opt); r.Status != Unknown {
			t.Fatalf("by position %v: %v within 5000 nodes; the test needs an unfinished search", byPosition, r.Status)
		}
		key, h := sr.nodeKey(0), p.Hand(position.Black)
		atPosition := s.table.ProbeAt(key, h, maxDepth, positionLevel).State == tt.Searching
		atPly := s.table.ProbeAt(key, h, maxDepth, 0).State == tt.Searching
		if atPosition != byPosition || atPly == byPosition {
			t.Errorf("by position %v: the root's estimates at the position level %v, at ply 0 %v", byPosition, atPosition, atPly)
		}
		sr.unbounded = false
		if got := sr.level(7); got != 7 {
			t.Errorf("by position %v: a bounded search keeps ply 7's estimates at level %d", byPosition, got)
		}
	}
}

// TestEstimatesByPositionFinishOnLoops: positions without a mate whose
// checks lead round and round (the cycles an estimate kept by position can
// feed on) are disproven within a node limit, with estimates by position
// or by ply, and the retrograde oracle agrees. An earlier attempt at
// estimates by position never finished the first of them.
func TestEstimatesByPositionFinishOnLoops(t *testing.T) {
	for _, sfen := range cyclicNoMates {
		p := cyclicNoMate(t, sfen, 200000)
		for _, byPosition := range []bool{true, false} {
			for _, firstMate := range []bool{true, false} {
				s := New(16)
				opt := Options{Rules: Strict, FirstMate: firstMate}.With(EstimatesByPosition, byPosition)
				if r := s.Solve(p, opt, Limits{Nodes: 1000000}); r.Status != NoMate {
					t.Errorf("%s (by position %v, first mate %v): %v after %d nodes, want nomate",
						sfen, byPosition, firstMate, r.Status, r.Nodes)
				}
			}
		}
	}
}

// TestNearBoundPn checks DepthCheckEstimates' factor: twice the estimate at
// the bound, falling with the plies left to the estimate itself at
// nearBoundReach plies and beyond, and a saturated bound left as it is
// instead of wrapping around.
func TestNearBoundPn(t *testing.T) {
	for _, pn := range []uint64{1, 2, 3, 1000} {
		if got := nearBoundPn(pn, 0); got != 2*pn {
			t.Errorf("pn %d at the bound: %d, want %d", pn, got, 2*pn)
		}
		for _, d := range []uint16{nearBoundReach, nearBoundReach + 1, 1525, maxDepth} {
			if got := nearBoundPn(pn, d); got != pn {
				t.Errorf("pn %d, %d plies left: %d, want %d", pn, d, got, pn)
			}
		}
		prev := nearBoundPn(pn, 0)
		for d := uint16(1); d <= nearBoundReach; d++ {
			got := nearBoundPn(pn, d)
			if got > prev || got < pn {
				t.Errorf("pn %d, %d plies left: %d after %d at one ply fewer; want between %d and it", pn, d, got, prev, pn)
			}
			prev = got
		}
	}
	for _, pn := range []uint64{inf - 1, inf / 2, inf / (2 * nearBoundReach)} {
		if got := nearBoundPn(pn, 0); got != pn {
			t.Errorf("saturated pn %d at the bound: %d, want it unchanged", pn, got)
		}
	}
}
