package generate

import (
	"testing"

	"gomate/compose"
	"gomate/dfpn"
	"gomate/position"
)

// tableHistorySFEN is a problem the reverse method once wrote as sound in
// 5 plies (seed 375, candidate 2821 of -plies 5): its judgement ran on a
// table on which a search for a mate within 5 plies had proven one, and
// the judge's solve read that proof; a solve on a cleared table finds 7
// plies (the rook dropped at 2g at ply 4 counts, and the rook taken mates:
// 7d8c 8b8a 2i1h R*2g 1h2g 8a7a R*6a).
const tableHistorySFEN = "1S7/1k7/P8/2+B6/9/9/9/9/7+B1 b 2r4g3s4n4l17p 1"

// TestLengthDependsOnTable: the solver's answer on that position depends on
// what the table holds (the reason written proves a problem again on a
// cleared table), and written refuses the problem. If the first half
// fails, the solver has become consistent here: the test then says so,
// and the proof again can be weighed against its cost.
func TestLengthDependsOnTable(t *testing.T) {
	pos, err := position.FromSFEN(tableHistorySFEN)
	if err != nil {
		t.Fatal(err)
	}
	lim := dfpn.Limits{Nodes: 200000}
	s := dfpn.New(16)
	if st := s.MateWithin(pos, 5, dfpn.Options{}, lim); st != dfpn.Mate {
		t.Logf("a mate within 5 plies: %v (the solver's bounded search has changed)", st)
	}
	after := compose.Judge(s, pos, compose.SoundnessOptions{Plies: 5}, lim)
	fresh := compose.Judge(dfpn.New(16), pos, compose.SoundnessOptions{Plies: 5}, lim)
	t.Logf("judged after the bounded search: %v; on a fresh table: %v %v", after.Verdict, fresh.Verdict, fresh.Reasons)
	if fresh.Verdict == compose.Sound {
		t.Fatalf("a fresh judgement calls it sound in 5 plies; a fresh solve found 7 when this test was written")
	}
	p := sound{pos: pos, report: after}
	if after.Verdict != compose.Sound {
		t.Logf("the judge after the bounded search no longer calls it sound: the table no longer changes the answer here")
		return
	}
	if pr := written(s, p, Settings{Plies: 5, Limits: lim}, 0); pr != nil {
		t.Errorf("written wrote it: %s %s", pr.SFEN, pr.LineUSI)
	}
}
