package generate

import (
	"strings"
	"testing"

	"gomate/compose"
	"gomate/dfpn"
)

// TestSecondFirstMoveIsJudgesRefusal: every candidate that the test of a
// second mating first move refuses before its judgement, Judge on a fresh
// solver refuses too, for an alternative mate at the first move (point
// 3); and the test refuses some of the candidates of a step from 3 to 5
// plies.
func TestSecondFirstMoveIsJudgesRefusal(t *testing.T) {
	p, rv := threePlyStep(t, 1000)
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
		if rep.Verdict != compose.Unsound || len(rep.Reasons) == 0 || !strings.HasPrefix(rep.Reasons[0], "point 3: alternative mate") || !strings.Contains(rep.Reasons[0], " at ply 1:") {
			t.Errorf("%s (first %v) refused before its judgement; Judge: %v %v", c.SFEN(), first, rep.Verdict, rep.Reasons)
		}
	}
	t.Logf("%d pairs, %d mate within 5 and not 3, %d refused", len(f.order), judged, refused)
	if refused == 0 {
		t.Error("no candidate refused for a second mating first move")
	}
}
