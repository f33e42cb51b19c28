package dfpn

import (
	"fmt"
	"testing"
)

// TestLengthenLine stops Shogi Zukou #98 (31 plies under tsume rules)
// between its proof of "mate within 33" and the disproof of 31. The table's
// records then make a 29-ply line: a defence that the attacker mates two
// plies sooner than the best one. The line printed must still be a mate
// within the bound, and with the lengthening its defences must last at
// least the problem's length: no line against the best defence is shorter.
func TestLengthenLine(t *testing.T) {
	const name, length = "zukou-098", 31
	p := mustSFEN(t, compositionSFEN(t, name))
	s := New(512)
	plies := map[bool]int{}
	for _, off := range []bool{true, false} {
		res := mateLine(t, s, p, Options{noLengthen: off}, Limits{Nodes: 250_000}, fmt.Sprintf("lengthening off %v", off))
		if res.Shortest || res.Bound <= length {
			t.Fatalf("lengthening off %v: the search was not cut between the bounds (bound %d, shortest %v); the test needs another node limit", off, res.Bound, res.Shortest)
		}
		if len(res.PV) > res.Bound {
			t.Errorf("lengthening off %v: a %d-ply line for a mate within %d", off, len(res.PV), res.Bound)
		}
		plies[off] = len(res.PV)
	}
	if plies[false] < length {
		t.Errorf("%s: a %d-ply line with the lengthening, but the best defence lasts %d", name, plies[false], length)
	}
	if plies[false] < plies[true] {
		t.Errorf("%s: the lengthening shortened the line: %d plies against %d", name, plies[false], plies[true])
	}
}
