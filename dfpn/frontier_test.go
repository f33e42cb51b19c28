package dfpn

import (
	"testing"
	"time"

	"gomate/position"
)

// TestProvenFromIsProven stops two Shogi Zukou length proofs (#21 and
// #95, upper bounds at 300,000 nodes) and checks every frontier they
// claim, in the progress reports and in the result, with a fresh solver:
// after k plies of the line, the attacker has no mate within length-2-k
// plies. Claims must come from both, or the test shows too little.
func TestProvenFromIsProven(t *testing.T) {
	if testing.Short() {
		t.Skip("two Shogi Zukou problems: seconds")
	}
	claims, progressClaims := 0, 0
	for _, name := range []string{"zukou-021", "zukou-095"} {
		sfen := compositionSFEN(t, name)
		type claim struct {
			line            []position.Move
			length, from    int
			fromTheProgress bool
		}
		var seen []claim
		lim := Limits{Nodes: 300_000, ProgressInterval: time.Nanosecond}
		lim.Progress = func(in Info) {
			if in.ProvenFrom > 0 && len(seen) < 8 {
				seen = append(seen, claim{append([]position.Move(nil), in.PV...), in.Proving, in.ProvenFrom, true})
			}
		}
		res := New(64).Solve(mustSFEN(t, sfen), Options{}, lim)
		if res.Status != Mate || res.Shortest {
			t.Fatalf("%s: %v shortest=%v: want an upper bound at 300,000 nodes", name, res.Status, res.Shortest)
		}
		if res.ProvenFrom > 0 {
			seen = append(seen, claim{res.PV, res.Bound, res.ProvenFrom, false})
		}
		for _, c := range seen {
			if c.from <= 0 || c.from+2 > c.length || c.from >= len(c.line) {
				t.Errorf("%s: frontier %d for a length of %d and a line of %d plies", name, c.from, c.length, len(c.line))
				continue
			}
			p := mustSFEN(t, sfen)
			for _, m := range c.line[:c.from] {
				p.DoMove(m)
			}
			st := New(64).MateWithin(p, c.length-2-c.from, Options{}, Limits{Time: 60 * time.Second})
			if st != NoMate {
				t.Errorf("%s: claimed (progress %v) no mate within %d after %d plies of %v; a fresh search says %v",
					name, c.fromTheProgress, c.length-2-c.from, c.from, c.line, st)
			}
			claims++
			if c.fromTheProgress {
				progressClaims++
			}
		}
	}
	if claims == 0 || progressClaims == 0 {
		t.Fatalf("%d frontiers claimed, %d of them in the progress: the test checked too little", claims, progressClaims)
	}
}
