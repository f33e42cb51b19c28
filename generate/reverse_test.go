package generate

import (
	"strings"
	"testing"

	"gomate/compose"
	"gomate/dfpn"
	"gomate/position"
)

// TestSecondFirstMoveIsJudgesRefusal: every candidate that the test of a
// second mating first move refuses before its judgement, Judge on a fresh
// solver refuses too, for an alternative mate at the first move (point
// 3); and the test refuses some of the candidates of a step from 3 to 5
// plies.
func TestSecondFirstMoveIsJudgesRefusal(t *testing.T) {
	p, err := position.FromSFEN("9/8k/6G2/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1")
	if err != nil {
		t.Fatal(err)
	}
	s := dfpn.New(16)
	rv := &reverser{s: s, lim: testLimits, tries: 1000, buf: make([]position.Retraction, 0, position.MaxRetractions)}
	f := rv.growFrame(p, 3, candidateRNG(1, 0))
	var opt dfpn.Options
	refused, judged := 0, 0
	for _, i := range f.order {
		pr := f.pairs[i]
		c := f.from[pr.r].Prior(pr.a)
		if rv.s.MateWithin(c, 3, opt, testLimits) != dfpn.NoMate {
			continue
		}
		st, first := rv.s.MateWithinBy(c, 5, opt, testLimits)
		if st != dfpn.Mate {
			continue
		}
		judged++
		if !rv.secondFirstMove(c, 5, first, opt, testLimits) {
			continue
		}
		refused++
		rep := compose.Judge(dfpn.New(16), c, compose.SoundnessOptions{Plies: 5}, testLimits)
		if rep.Verdict != compose.Unsound || !strings.Contains(strings.Join(rep.Reasons, "; "), "point 3: alternative mate") || !strings.Contains(rep.Reasons[0], "at ply 1") {
			t.Errorf("%s (first %v) refused before its judgement; Judge: %v %v", c.SFEN(), first, rep.Verdict, rep.Reasons)
		}
	}
	t.Logf("%d pairs, %d mate within 5 and not 3, %d refused", len(f.order), judged, refused)
	if refused == 0 {
		t.Error("no candidate refused for a second mating first move")
	}
}
