package dfpn

import (
	"testing"

	"gomate/position"
)

// TestDoubleCountDetection solves problems whose search graphs rejoin, with
// and without the detection: the answers must agree, and the detection
// must find splits (and find none when it is off).
func TestDoubleCountDetection(t *testing.T) {
	marks := map[bool]uint64{}
	for _, name := range []string{"zukou-036", "zukou-092", "zukou-005"} {
		sfen := compositionSFEN(t, name)
		length := map[bool]int{}
		for _, noDAG := range []bool{false, true} {
			p, err := position.FromSFEN(sfen)
			if err != nil {
				t.Fatal(err)
			}
			opt := Options{}.With(DAGDetection, !noDAG)
			s := New(64)
			sr := s.newSearcher(p, opt, Limits{Nodes: 3_000_000})
			res := sr.solve(opt)
			if res.Status != Mate || !res.Shortest {
				t.Fatalf("%s without DAG=%v: %v %s", name, noDAG, res.Status, res.Reason)
			}
			length[noDAG] = len(res.PV)
			marks[noDAG] += sr.sharedMarks
			t.Logf("%s without DAG=%v: mate in %d, %d nodes, %d splits found", name, noDAG, len(res.PV), sr.nodes, sr.sharedMarks)
		}
		if length[false] != length[true] {
			t.Errorf("%s: mate in %d with the detection, %d without", name, length[false], length[true])
		}
	}
	if marks[false] == 0 || marks[true] != 0 {
		t.Errorf("splits found: %d with the detection (want some), %d without (want none)", marks[false], marks[true])
	}
}
