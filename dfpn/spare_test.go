package dfpn

import (
	"fmt"
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

// TestSpareFreeLinesComplete: the search for a line without spare pieces
// agrees with a plain enumeration of every line of the rank (every check
// that keeps the mate as short, every defence that keeps it as long, each
// judged by MateWithin alone): where the line found ends with spare
// pieces, the answer is a line of the same length without them when one
// exists, else one that takes one defence exactly two plies shorter and
// ends without them when one exists (2手変長駒余り), else the line found.
// The cases cover a change of the attacker's move, of the defender's, a
// shorter defence on the line found and one below another change, and
// none at all.
func TestSpareFreeLinesComplete(t *testing.T) {
	cases := []struct {
		set  string
		line int
		want string // "as long", "two shorter", "none"
	}{
		{"mate5.sfen", 97, "as long"},      // the attacker's third move
		{"mate5.sfen", 142, "as long"},     // the defender's first reply
		{"mate5.sfen", 352, "as long"},     // the first move
		{"mate7.sfen", 533, "as long"},     // the defender's first reply
		{"mate5.sfen", 497, "two shorter"}, // at the line's first reply
		{"mate7.sfen", 515, "two shorter"}, // at the line's second reply
		{"mate5.sfen", 417, "two shorter"}, // below another first move
		{"mate7.sfen", 796, "two shorter"}, // below another first move
		{"mate5.sfen", 7, "none"},
		{"mate5.sfen", 98, "none"},
	}
	s := New(32)
	for _, c := range cases {
		pos := mateSetLine(t, c.set, c.line)
		name := fmt.Sprintf("%s:%d", c.set, c.line)
		s.Clear()
		off := s.Solve(pos, Options{}.With(TwoPlySpareRule, false).With(RealMateEnd, false), Limits{Nodes: 2_000_000})
		if off.Status != Mate || !off.Shortest {
			t.Fatalf("%s: %v, shortest %v, want a proven mate", name, off.Status, off.Shortest)
		}
		attacker := pos.SideToMove()
		if HandAfter(pos, off.PV, attacker).IsEmpty() {
			t.Fatalf("%s: the line found %v leaves nothing in hand", name, off.PV)
		}
		e := lineEnumerator{t: t, s: s, attacker: attacker}
		l := len(off.PV)
		asLong, _ := e.count(pos.Clone(), l)
		twoShorter := e.countTwoShorter(pos.Clone(), l)
		got := "none"
		switch {
		case asLong > 0:
			got = "as long"
		case twoShorter > 0:
			got = "two shorter"
		}
		if got != c.want {
			t.Errorf("%s: the enumeration finds %d lines as long and %d with a shorter defence without spare pieces, want %s", name, asLong, twoShorter, c.want)
		}
		// classUnasked: every defence mated within as many plies is
		// walked as maybe as long, shorter ones too, and confirmed only
		// below a line found.
		for _, unasked := range []bool{false, true} {
			name := fmt.Sprintf("%s, unasked %v", name, unasked)
			s.Clear()
			on := s.Solve(pos, Options{classUnasked: unasked}.With(RealMateEnd, false), Limits{Nodes: 2_000_000})
			if on.Status != Mate || !on.Shortest || on.SpareOpen != "" {
				t.Fatalf("%s: %v open %q, want a proven mate and a complete search", name, on.Status, on.SpareOpen)
			}
			if err := Tsume.VerifyLine(pos, attacker, on.PV); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			empty := HandAfter(pos, on.PV, attacker).IsEmpty()
			switch got {
			case "as long":
				if !empty || len(on.PV) != l || !isEqualRankLine(t, s, pos, on.PV) {
					t.Errorf("%s: %v (%d plies, empty hand %v), want a line of the rank of %d plies without spare pieces", name, on.PV, len(on.PV), empty, l)
				}
			case "two shorter":
				if !empty || len(on.PV) != l-2 {
					t.Errorf("%s: %v (%d plies, empty hand %v), want %d plies without spare pieces", name, on.PV, len(on.PV), empty, l-2)
				}
			default:
				if !slicesEqualMoves(on.PV, off.PV) || len(on.LineNotes) != 0 {
					t.Errorf("%s: %v, notes %q, want the line found, %v", name, on.PV, on.LineNotes, off.PV)
				}
				if h := HandAfter(pos, off.PV, attacker); on.SpareEnd != h {
					t.Errorf("%s: SpareEnd %v, want %v", name, on.SpareEnd, h)
				}
				continue
			}
			if !on.SpareEnd.IsEmpty() || len(on.LineNotes) == 0 {
				t.Errorf("%s: SpareEnd %v, notes %q after a line without spare pieces", name, on.SpareEnd, on.LineNotes)
			}
		}
	}
}

// countTwoShorter counts the lines from p (r plies at best) that take
// exactly one defence after which the mate takes two plies less than the
// longest, are otherwise of the rank, and end with no spare pieces.
func (e *lineEnumerator) countTwoShorter(p *position.Position, r int) int {
	var buf [position.MaxMoves]position.Move
	n := 0
	if p.SideToMove() == e.attacker {
		if r == 1 {
			return 0 // the shorter defence was not taken
		}
		for _, m := range append([]position.Move(nil), p.GenerateChecks(buf[:0])...) {
			p.DoMove(m)
			if e.within(p, r-1, true) {
				n += e.countTwoShorter(p, r-1)
			}
			p.UndoMove()
		}
		return n
	}
	for _, d := range append([]position.Move(nil), Tsume.Defences(p, buf[:0])...) {
		p.DoMove(d)
		if e.within(p, r-1, false) && !e.within(p, r-3, false) {
			n += e.countTwoShorter(p, r-1)
		} else if r >= 4 && e.within(p, r-3, false) && !e.within(p, r-5, false) {
			lines, _ := e.count(p, r-3)
			n += lines
		}
		p.UndoMove()
	}
	return n
}

// TestSpareFreeSearchHasNoCap: on Shogi Zukou #50 the search for a line
// without spare pieces needs more than the 64 lines that once capped it
// (it said "too many lines"): every line of the longest defence (19
// plies) leaves spare pieces, and one defence two plies shorter at ply 12
// leaves none, so under 2手変長駒余り the answer is that 17-ply line.
// Checked with fresh solvers: the line is valid, ends with an empty hand,
// the shortest mate is 19 plies, and after the 12th ply the mate takes 5
// more where the longest defence there needs 7.
func TestSpareFreeSearchHasNoCap(t *testing.T) {
	if testing.Short() {
		t.Skip("a Shogi Zukou problem: seconds")
	}
	sfen := compositionSFEN(t, "zukou-050")
	res := New(64).Solve(mustSFEN(t, sfen), Options{}, Limits{Time: 120 * time.Second})
	if res.Status != Mate || !res.Shortest || res.SpareOpen != "" {
		t.Fatalf("%v shortest=%v %q open %q", res.Status, res.Shortest, res.Reason, res.SpareOpen)
	}
	root := mustSFEN(t, sfen)
	if err := Tsume.VerifyLine(root, position.Black, res.PV); err != nil {
		t.Fatalf("invalid line %v: %v", res.PV, err)
	}
	if len(res.PV) != 17 || !HandAfter(root, res.PV, position.Black).IsEmpty() {
		t.Fatalf("%v: %d plies, %v in hand; want 17 plies and none", res.PV, len(res.PV), HandAfter(root, res.PV, position.Black))
	}
	lim := Limits{Time: 60 * time.Second}
	if st := New(64).MateWithin(mustSFEN(t, sfen), 17, Options{}, lim); st != NoMate {
		t.Errorf("mate within 17 against every defence: %v", st)
	}
	if st := New(64).MateWithin(mustSFEN(t, sfen), 19, Options{}, lim); st != Mate {
		t.Errorf("mate within 19: %v", st)
	}
	p := mustSFEN(t, sfen)
	for _, m := range res.PV[:12] {
		p.DoMove(m)
	}
	check := New(16)
	if st := check.MateWithin(p, 5, Options{}, lim); st != Mate {
		t.Errorf("after ply 12: mate within 5: %v", st)
	}
	if st := check.MateWithin(p, 3, Options{}, lim); st != NoMate {
		t.Errorf("after ply 12: mate within 3: %v", st)
	}
	p.UndoMove()
	if st := check.MateWithin(p, 7, Options{RootIsDefender: true}, lim); st != NoMate {
		t.Errorf("before ply 12, the defender to move: mate within 7: %v (the longest defence should last 8 plies)", st)
	}
}
