package dfpn

import (
	"testing"
	"time"

	"gomate/position"
)

// Shogi Zukou #15 is recorded in 29 plies by 2手変長駒余り, but after the
// king's longest defence (31 plies in all) the attacker has a mate as
// short that leaves nothing in hand, so under the conventions on spare
// pieces the answer is that 31-ply line, whichever mate the search meets
// first (2手変長 applies only where every line of the longest defence
// leaves spare pieces: rule cases R071 and R072). The test checks the
// line with fresh solvers: verified, 31 plies with an empty hand at the
// end, no mate within 29, and no defence along it that lasts longer.
func TestSpareFreeMateAsShort(t *testing.T) {
	sfen := compositionSFEN(t, "zukou-015")
	lim := Limits{Time: 60 * time.Second}
	root := mustSFEN(t, sfen)
	var line []position.Move
	for _, reprobe := range []bool{false, true} {
		opt := Options{}.With(SiblingReprobe, reprobe)
		res := New(64).Solve(mustSFEN(t, sfen), opt, lim)
		if res.Status != Mate || !res.Shortest || res.SpareOpen != "" {
			t.Fatalf("%+v: %v shortest=%v %q %q", opt, res.Status, res.Shortest, res.Reason, res.SpareOpen)
		}
		if err := Tsume.VerifyLine(mustSFEN(t, sfen), position.Black, res.PV); err != nil {
			t.Fatalf("%+v: invalid line: %v", opt, err)
		}
		if len(res.PV) != 31 {
			t.Errorf("%+v: %d plies, want 31", opt, len(res.PV))
		}
		if h := HandAfter(root, res.PV, position.Black); !h.IsEmpty() {
			t.Errorf("%+v: the line ends with %v in hand", opt, h)
		}
		line = res.PV
	}
	if st := New(64).MateWithin(mustSFEN(t, sfen), 29, Options{}, lim); st != NoMate {
		t.Errorf("mate within 29 against every defence: %v", st)
	}
	// At each defender's node, with r plies left, every other defence
	// that is not a drop is mated within r-1 plies too (a drop may last
	// longer and still not count: tsume rules judge it against the node's
	// other defences, which a search from after it does not see).
	p := mustSFEN(t, sfen)
	var buf [position.MaxMoves]position.Move
	check := New(16)
	for i, m := range line {
		if i%2 == 1 {
			r := len(line) - i
			for _, d := range Tsume.Defences(p, buf[:0]) {
				if d == m || d.IsDrop() {
					continue
				}
				p.DoMove(d)
				if st := check.MateWithin(p, r-1, Options{}, lim); st != Mate {
					t.Errorf("ply %d: %v instead of %v: mate within %d: %v", i+1, d, m, r-1, st)
				}
				p.UndoMove()
			}
		}
		p.DoMove(m)
	}
}
