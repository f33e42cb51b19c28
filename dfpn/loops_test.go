package dfpn

import (
	"testing"

	"gomate/position"
	"gomate/tt"
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

// TestLoopResultIsAFactWhereItReturns: a disproof that rests on moves back
// to a position on the path is kept for this path only below that
// position, and is a fact (in the table) at the position itself, under
// tsume rules with a length bound too (the rules make a repetition a
// failure on every path through the position returned to).
func TestLoopResultIsAFactWhereItReturns(t *testing.T) {
	p, err := position.FromSFEN("4k4/9/4P4/9/9/9/9/9/9 b G2S2Pr2b3g2s4n4l15p 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name             string
		relativeFutility bool
		nodeIndex        int // the node's index on the path
		returnsTo        int // the index of the position the loop returns to
		fact             bool
	}{
		{"returns to the node itself", false, 2, 2, true},
		{"returns below the node", false, 2, 5, true},
		{"returns above the node", false, 2, 1, false},
		{"tsume rules with a length bound: returns to the node", true, 2, 2, true},
		{"tsume rules with a length bound: returns above the node", true, 2, 1, false},
	} {
		sv := New(1)
		s := sv.newSearcher(p.Clone(), Options{Rules: Strict}, Limits{})
		s.relativeFutility = tc.relativeFutility
		h := p.Hand(s.attacker)
		f := &frame{key: s.key(), hand: h, depth: 9, pathIndex: tc.nodeIndex}
		o := s.decided(f, outcome{pn: inf, dn: 0, length: tt.Unlimited, hand: h,
			pathDependent: true, loopTop: s.loopTop(tc.returnsTo)})
		stored := s.table.Probe(f.key, h, 9).State == tt.Disproven
		if o.pathDependent == tc.fact || stored != tc.fact {
			t.Errorf("%s: path-dependent %v, in the table %v; want a fact %v", tc.name, o.pathDependent, stored, tc.fact)
		}
	}
	if joinLoopTop(3, 5) != 3 || joinLoopTop(0, 5) != 0 || joinLoopTop(4, 0) != 0 {
		t.Error("joinLoopTop does not keep the shallower return, or loses a result that never becomes a fact")
	}
}

// TestNoMateByRepetitionIsStored: a dragon and king against a bare king
// check for ever and never mate; the root's disproof rests on the checks
// coming back to positions of the path, which return to the root at worst,
// so after the search the table holds it as a fact, read again at once.
func TestNoMateByRepetitionIsStored(t *testing.T) {
	p, err := position.FromSFEN("9/9/6K2/2+R6/9/1k7/9/9/9 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, rules := range []Rules{Strict, Tsume} {
		sv := New(4)
		opt := Options{Rules: rules}
		if res := sv.Solve(p.Clone(), opt, Limits{}); res.Status != NoMate {
			t.Fatalf("%v: %v, want no mate", rules, res.Status)
		}
		s := sv.newSearcher(p.Clone(), opt, Limits{})
		if r := s.table.Probe(s.nodeKey(0), p.Hand(s.attacker), tt.Unlimited); r.State != tt.Disproven {
			t.Errorf("%v: the root's disproof is not in the table (%v)", rules, r.State)
		}
		// A search with a length bound (under tsume rules, the one
		// with the relative futility test on) stores its disproof too.
		sv = New(4)
		if st := sv.MateWithin(p.Clone(), 9, opt, Limits{}); st != NoMate {
			t.Fatalf("%v: within 9: %v, want no mate", rules, st)
		}
		s = sv.newSearcher(p.Clone(), opt, Limits{})
		if r := s.table.Probe(s.nodeKey(0), p.Hand(s.attacker), 9); r.State != tt.Disproven {
			t.Errorf("%v: the root's disproof within 9 is not in the table (%v)", rules, r.State)
		}
	}
}
