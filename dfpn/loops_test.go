package dfpn

import (
	"testing"

	"gomate/position"
)

// TestLoopsInferiorHand puts a position on the path and asks which
// positions on the same board return to it: the same hand (a repetition)
// and a smaller attacker's hand do, a larger or different one does not,
// in a search with a length bound under strict rules. With the switch off,
// with the relative futility test on (tsume rules' bounded searches), or
// in the search for the first mate without InferiorLoopsFirstMate, only
// the repetition does.
func TestLoopsInferiorHand(t *testing.T) {
	p, err := position.FromSFEN("4k4/9/4P4/9/9/9/9/9/9 b G2S2Pr2b3g2s4n4l15p 1")
	if err != nil {
		t.Fatal(err)
	}
	att := p.SideToMove()
	h := p.Hand(att)
	smaller, _ := withAttackerHand(t, p, att, h.Sub(position.Silver))
	larger, _ := withAttackerHand(t, p, att, h.Add(position.Knight))
	other, _ := withAttackerHand(t, p, att, h.Sub(position.Pawn).Add(position.Lance))
	cases := []struct {
		name string
		q    *position.Position
		want bool
	}{{"same hand", p, true}, {"a silver less", smaller, true}, {"a knight more", larger, false}, {"a pawn for a lance", other, false}}

	for _, mode := range []struct {
		name             string
		opt              Options
		relativeFutility bool
		unbounded        bool // the search for the first mate
		inferior         bool // smaller hands count
	}{
		{"strict", Options{Rules: Strict}, false, false, true},
		{"strict, switched off", Options{Rules: Strict}.With(InferiorLoops, false), false, false, false},
		{"tsume: relative futility", Options{}, true, false, false},
		{"first mate", Options{}, false, true, false},
		{"first mate, InferiorLoopsFirstMate", Options{}.With(InferiorLoopsFirstMate, true), false, true, true},
		{"first mate, InferiorLoopsFirstMate, relative futility", Options{}.With(InferiorLoopsFirstMate, true), true, true, false},
	} {
		s := New(1).newSearcher(p.Clone(), mode.opt, Limits{})
		s.relativeFutility, s.unbounded = mode.relativeFutility, mode.unbounded
		s.pathAdd()
		for _, c := range cases {
			want := c.want && (c.q == p || mode.inferior)
			if c.q.BoardKey() != p.BoardKey() {
				t.Fatalf("%s: board key differs", c.name)
			}
			at, got := s.loops(c.q.BoardKey(), c.q.Key(), c.q.Hand(att))
			if got != want {
				t.Errorf("%s, %s: loops = %v, want %v", mode.name, c.name, got, want)
			}
			if got && at != 0 {
				t.Errorf("%s, %s: returns to index %d of the path, want 0 (the only position)", mode.name, c.name, at)
			}
		}
		s.pathRemove()
		if _, loops := s.loops(p.BoardKey(), p.Key(), h); loops {
			t.Errorf("%s: the position is still on the path after pathRemove", mode.name)
		}
	}
}
