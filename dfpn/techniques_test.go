package dfpn

import (
	"testing"
	"time"

	"gomate/position"
)

// TestTechniquesKeepAnswers solves the same positions with each technique
// switched off or on and requires the same proven-shortest length: the
// techniques change the order of the work, never the answer.
func TestTechniquesKeepAnswers(t *testing.T) {
	// Each variant flips these techniques from their defaults.
	variants := [][]Technique{
		{},
		{InitialEstimates},
		{ReplyEstimates},
		{InitialEstimates, ReplyEstimates},
		{CheckCountEstimates},
		{DepthReplyEstimates},
		{CheckCountEstimates, DepthReplyEstimates},
		{DepthCheckEstimates},
		{LazyDrops},
		{EpsilonTrick},
		{SiblingReprobe},
		{DAGDetection},
		{MaxNonPromotions},
		{MaxFarDrops},
		{RepetitionCache},
		{RepetitionCacheFirstMate},
		{EstimatesByPosition},
		{EstimatesByPosition, RepetitionCacheFirstMate},
		{InferiorLoops},
		{InferiorLoopsFirstMate},
		{HandBounds},
		{HeuristicA},
		{HeuristicB},
		{HeuristicC},
		{HeuristicA, HeuristicC},
		{InitialEstimates, LazyDrops, EpsilonTrick, MaxNonPromotions, MaxFarDrops},
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
		for _, flips := range variants {
			var opt Options
			for _, tc := range flips {
				opt.Set(tc, !tc.Default())
			}
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
					t.Errorf("#%d %v flipped: %v", i, flips, err)
				}
			}
			if want < 0 {
				want = got
			}
			if got != want || got < 0 {
				t.Errorf("#%d %s: %v flipped gives %d plies (%v, %s), default %d", i, sfen, flips, got, res.Status, res.Reason, want)
			}
		}
	}
}
