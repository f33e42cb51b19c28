package dfpn

import (
	"fmt"
	"testing"
	"time"

	"gomate/position"
)

// TestTechniquesKeepAnswers solves the same positions with each technique
// switched off or on and requires the same proven-shortest length: the
// techniques change the order of the work, never the answer.
func TestTechniquesKeepAnswers(t *testing.T) {
	variants := []Options{
		{},
		{NoInitialEstimates: true},
		{ReplyEstimates: true},
		{NoInitialEstimates: true, ReplyEstimates: true},
		{NoCheckCountEstimates: true},
		{NoDepthReplyEstimates: true},
		{NoCheckCountEstimates: true, NoDepthReplyEstimates: true},
		{NoDepthCheckEstimates: true},
		{NoLazyDrops: true},
		{NoEpsilon: true},
		{SiblingReprobe: true},
		{DAG: true},
		{NoShareNonPromotions: true},
		{NoShareFarDrops: true},
		{NoRepetitionCache: true},
		{NoRepetitionCacheFirstMate: true},
		{NoEstimatesByPosition: true},
		{NoEstimatesByPosition: true, NoRepetitionCacheFirstMate: true},
		{NoInferiorLoops: true},
		{InferiorLoopsFirstMate: true},
		{NoHandBounds: true},
		{NoHeuristicA: true},
		{NoHeuristicB: true},
		{NoHeuristicC: true},
		{NoHeuristicA: true, NoHeuristicC: true},
		{NoInitialEstimates: true, NoLazyDrops: true, NoEpsilon: true, NoShareNonPromotions: true, NoShareFarDrops: true},
	}
	var probs []string
	for _, set := range []struct {
		file string
		n    int
	}{{"mate5.sfen", 40}, {"mate7.sfen", 40}, {"mate9.sfen", 15}} {
		probs = append(probs, readLines(t, "../testdata/mate/"+set.file)[:set.n]...)
	}
	s := New(32)
	for i, sfen := range probs {
		want := -1
		for _, opt := range variants {
			p, err := position.FromSFEN(sfen)
			if err != nil {
				t.Fatal(err)
			}
			s.Clear()
			res := s.Solve(p, opt, Limits{Time: 20 * time.Second})
			got := -1
			if res.Status == Mate && res.Shortest {
				got = len(res.PV)
				if err := opt.Rules.VerifyLine(p, p.SideToMove(), res.PV); err != nil {
					t.Errorf("#%d %+v: %v", i, opt, err)
				}
			}
			if want < 0 {
				want = got
			}
			if got != want || got < 0 {
				t.Errorf("#%d %s: %s gives %d plies (%v, %s), default %d", i, sfen, fmt.Sprintf("%+v", opt), got, res.Status, res.Reason, want)
			}
		}
	}
}
