package generate

import (
	"testing"

	"gomate/compose"
	"gomate/dfpn"
	"gomate/position"
)

// tableHistorySFEN is a problem the reverse method once wrote as sound in
// 5 plies (seed 375, candidate 2821 of -plies 5) while a solve on a cleared
// table found 7 (7d8c 8b8a 2i1h R*2g 1h2g 8a7a R*6a: the rook dropped at 2g
// at ply 4 counted). The judgement had run on a table on which a search
// for a mate within 5 plies had proven one. The cause was a futility test
// out of its budget taken as a result of the path (fixed in commit
// 34e522d): the drops at ply 4 are futile (taken, the horse mates the
// same way), and every search now finds 5 plies, whatever the table held.
// written still proves every problem again on a cleared table.
const tableHistorySFEN = "1S7/1k7/P8/2+B6/9/9/9/9/7+B1 b 2r4g3s4n4l17p 1"

// TestLengthDoesNotDependOnTable: on that position, the judgement after a
// bounded search and the judgement on a fresh table agree (the same
// verdict, the same length), the length is the least bound within which
// a fresh bounded search finds a mate, and written writes the problem
// exactly when the judgement calls it sound.
func TestLengthDoesNotDependOnTable(t *testing.T) {
	pos, err := position.FromSFEN(tableHistorySFEN)
	if err != nil {
		t.Fatal(err)
	}
	lim := dfpn.Limits{Nodes: 200000}
	least := 0
	for l := 1; l <= 9 && least == 0; l += 2 {
		switch dfpn.New(16).MateWithin(pos, l, dfpn.Options{}, lim) {
		case dfpn.Mate:
			least = l
		case dfpn.Unknown:
			t.Fatalf("a mate within %d: undecided", l)
		}
	}
	s := dfpn.New(16)
	if st := s.MateWithin(pos, 5, dfpn.Options{}, lim); st == dfpn.Unknown {
		t.Fatalf("a mate within 5 plies: undecided")
	}
	after := compose.Judge(s, pos, compose.SoundnessOptions{}, lim)
	fresh := compose.Judge(dfpn.New(16), pos, compose.SoundnessOptions{}, lim)
	if after.Verdict != fresh.Verdict || len(after.Composition.Line) != len(fresh.Composition.Line) {
		t.Fatalf("after a bounded search: %v in %d plies %v; on a fresh table: %v in %d plies %v",
			after.Verdict, len(after.Composition.Line), after.Reasons, fresh.Verdict, len(fresh.Composition.Line), fresh.Reasons)
	}
	if len(fresh.Composition.Line) != least {
		t.Errorf("the judged line has %d plies; the least bound with a mate is %d", len(fresh.Composition.Line), least)
	}
	p := sound{pos: pos, report: after}
	pr := written(s, p, Settings{Plies: least, Limits: lim}, 0)
	if (pr != nil) != (fresh.Verdict == compose.Sound) {
		t.Errorf("written: %v; the judgement: %v %v", pr != nil, fresh.Verdict, fresh.Reasons)
	}
}
