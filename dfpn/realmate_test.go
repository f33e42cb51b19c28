package dfpn

import (
	"fmt"
	"strings"
	"testing"

	"gomate/position"
)

// mateSetLine returns line n (1-based) of testdata/mate/<set>.
func mateSetLine(t *testing.T, set string, n int) *position.Position {
	t.Helper()
	lines := readLines(t, "../testdata/mate/"+set)
	if n > len(lines) {
		t.Fatalf("%s has %d lines", set, len(lines))
	}
	p, err := position.FromSFEN(lines[n-1])
	if err != nil {
		t.Fatalf("%s:%d: %v", set, n, err)
	}
	return p
}

// TestRealMateEnd: where the line the search finds ends with a check the
// defender could still answer by a futile drop, and a line the rules rank
// equal ends in checkmate, the answer is that line: as long, verified,
// with no more spare pieces, and a note says where it changed.
func TestRealMateEnd(t *testing.T) {
	cases := []struct {
		set  string
		line int
		note string // what the first change is
	}{
		{"mate3.sfen", 29, "a mate as short"},    // B*2i, a distant bishop's check, gives way to B*3f
		{"mate3.sfen", 102, "a mate as short"},   // the first move changes: only another one leads to a real mate
		{"mate5.sfen", 241, "a defence as long"}, // the defender's reply changes
		{"mate7.sfen", 21, "a defence as long"},  // a defence, then the attacker's move below it
		{"mate11.sfen", 50, "a defence as long"}, // five changes, one below the other
	}
	s := New(32)
	for i := range 2 * len(cases) {
		// The second time, with every defence mated within as many
		// plies walked as maybe as long (rankedlines.go).
		c, unasked := cases[i%len(cases)], i >= len(cases)
		pos := mateSetLine(t, c.set, c.line)
		name := fmt.Sprintf("%s:%d, unasked %v", c.set, c.line, unasked)
		s.Clear()
		off := s.Solve(pos, Options{}.With(RealMateEnd, false), Limits{Nodes: 2_000_000})
		s.Clear()
		on := s.Solve(pos, Options{classUnasked: unasked}, Limits{Nodes: 2_000_000})
		if off.Status != Mate || on.Status != Mate || !off.Shortest || !on.Shortest {
			t.Fatalf("%s: %v/%v, want proven mates", name, off.Status, on.Status)
		}
		if FutileReplies(pos, off.PV) == nil {
			t.Fatalf("%s: without the preference the line %v already ends in a real mate", name, off.PV)
		}
		if got := FutileReplies(pos, on.PV); got != nil {
			t.Errorf("%s: line %v still allows %v at the end", name, on.PV, got)
		}
		if len(on.PV) != len(off.PV) {
			t.Errorf("%s: %d plies, want %d", name, len(on.PV), len(off.PV))
		}
		if err := Tsume.VerifyLine(pos, pos.SideToMove(), on.PV); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if a, b := HandAfter(pos, on.PV, pos.SideToMove()).Total(), HandAfter(pos, off.PV, pos.SideToMove()).Total(); a > b {
			t.Errorf("%s: %d spare pieces, more than the %d of the line found", name, a, b)
		}
		if on.FutileEnd != nil || on.RealMateOpen != "" {
			t.Errorf("%s: FutileEnd %v, RealMateOpen %q after a real mate", name, on.FutileEnd, on.RealMateOpen)
		}
		if len(on.LineNotes) == 0 || !strings.Contains(on.LineNotes[0], c.note) || !strings.Contains(on.LineNotes[0], "real mate") {
			t.Errorf("%s: notes %q, want the first on %s", name, on.LineNotes, c.note)
		}
		// The line is one of the lines the rules rank equal.
		if !isEqualRankLine(t, s, pos, on.PV) {
			t.Errorf("%s: %v is not a shortest mate against a longest defence", name, on.PV)
		}
	}
}

// TestRealMateNoneLeft: where the answer still ends with futile drops
// and the search for another line was complete, no line the rules rank
// equal ends in a real mate: every such line is enumerated here, move by
// move, with only the solver's bounded mate tests (MateWithin).
func TestRealMateNoneLeft(t *testing.T) {
	cases := []struct {
		set  string
		line int
	}{
		{"mate3.sfen", 2},    // a mate in one under tsume rules; strict, the set says 3
		{"mate5.sfen", 129},  // 3 plies
		{"mate7.sfen", 60},   // 5 plies
		{"mate9.sfen", 121},  // 7 plies
		{"mate5.sfen", 423},  // 3 plies, two drops left
		{"mate11.sfen", 755}, // 9 plies
	}
	s := New(32)
	for _, c := range cases {
		pos := mateSetLine(t, c.set, c.line)
		name := fmt.Sprintf("%s:%d", c.set, c.line)
		s.Clear()
		res := s.Solve(pos, Options{}, Limits{Nodes: 4_000_000})
		if res.Status != Mate || !res.Shortest {
			t.Fatalf("%s: %v, want a proven mate", name, res.Status)
		}
		left := FutileReplies(pos, res.PV)
		if left == nil || res.RealMateOpen != "" {
			t.Fatalf("%s: line %v, futile replies %v, open %q: want a complete search that found no real mate", name, res.PV, left, res.RealMateOpen)
		}
		if !slicesEqualMoves(res.FutileEnd, left) {
			t.Errorf("%s: FutileEnd %v, want %v", name, res.FutileEnd, left)
		}
		spare := HandAfter(pos, res.PV, pos.SideToMove()).Total()
		e := lineEnumerator{t: t, s: s, attacker: pos.SideToMove(), spare: spare}
		n, real := e.count(pos.Clone(), len(res.PV))
		if real > 0 {
			t.Errorf("%s: %d of the %d lines of %d plies end in a real mate; the solver found none", name, real, n, len(res.PV))
		}
		if n == 0 {
			t.Errorf("%s: the enumeration found no line at all, not even the answer %v", name, res.PV)
		}
	}
}

// lineEnumerator walks every line of exactly r plies from a position that
// mates in r at best: at the attacker's nodes every check after which the
// mate takes r-1 plies, at the defender's every defence after which it
// takes r-1 (the longest), ending with no more than spare pieces in hand.
type lineEnumerator struct {
	t        *testing.T
	s        *Solver
	attacker position.Color
	spare    int
}

// count returns how many such lines there are and how many end in a real
// mate (no legal reply at all).
func (e *lineEnumerator) count(p *position.Position, r int) (lines, real int) {
	var buf [position.MaxMoves]position.Move
	if p.SideToMove() == e.attacker {
		for _, m := range append([]position.Move(nil), p.GenerateChecks(buf[:0])...) {
			p.DoMove(m)
			if r == 1 {
				if Tsume.Mated(p) && p.Hand(e.attacker).Total() <= e.spare {
					lines++
					if len(p.GenerateLegal(buf[:0])) == 0 {
						real++
					}
				}
			} else if e.within(p, r-1, true) {
				l, k := e.count(p, r-1)
				lines, real = lines+l, real+k
			}
			p.UndoMove()
		}
		return lines, real
	}
	for _, d := range append([]position.Move(nil), Tsume.Defences(p, buf[:0])...) {
		p.DoMove(d)
		if e.within(p, r-1, false) && !e.within(p, r-3, false) {
			l, k := e.count(p, r-1)
			lines, real = lines+l, real+k
		}
		p.UndoMove()
	}
	return lines, real
}

// within tells whether the attacker mates within plies from p (the
// defender to move when defenderToMove).
func (e *lineEnumerator) within(p *position.Position, plies int, defenderToMove bool) bool {
	e.t.Helper()
	switch e.s.MateWithin(p, plies, Options{RootIsDefender: defenderToMove}, Limits{Nodes: 4_000_000}) {
	case Mate:
		return true
	case NoMate:
		return false
	}
	e.t.Fatalf("MateWithin(%s, %d) undecided", p.SFEN(), plies)
	return false
}

// isEqualRankLine tells whether line, from pos, is a shortest mate against
// a longest defence under tsume rules: each attacker's move leaves a mate
// in exactly the plies left, each defence one as long as the longest.
func isEqualRankLine(t *testing.T, s *Solver, pos *position.Position, line []position.Move) bool {
	e := lineEnumerator{t: t, s: s, attacker: pos.SideToMove()}
	p := pos.Clone()
	if len(line) > 2 && e.within(p, len(line)-2, false) {
		return false
	}
	for i, m := range line {
		p.DoMove(m)
		left := len(line) - i - 1
		if left == 0 {
			return Tsume.Mated(p)
		}
		defenderToMove := p.SideToMove() != e.attacker
		if !e.within(p, left, defenderToMove) || left >= 2 && e.within(p, left-2, defenderToMove) {
			return false
		}
	}
	return true
}

func slicesEqualMoves(a, b []position.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestRealMateCutShort: when a limit ends the search for a line ending in
// a real mate, the line found stands and the result says why the search
// stopped.
func TestRealMateCutShort(t *testing.T) {
	pos := mateSetLine(t, "mate11.sfen", 50) // its real mate needs five changes
	s := New(32)
	off := s.Solve(pos, Options{}.With(RealMateEnd, false), Limits{Nodes: 2_000_000})
	s.Clear()
	res := s.Solve(pos, Options{realMateNodes: 1}, Limits{Nodes: 2_000_000})
	if res.Status != Mate || !res.Shortest {
		t.Fatalf("%v, want a proven mate", res.Status)
	}
	if !slicesEqualMoves(res.PV, off.PV) {
		t.Errorf("line %v, want the line found, %v", res.PV, off.PV)
	}
	if res.RealMateOpen != "nodes" || !slicesEqualMoves(res.FutileEnd, FutileReplies(pos, off.PV)) {
		t.Errorf("RealMateOpen %q, FutileEnd %v; want nodes and %v", res.RealMateOpen, res.FutileEnd, FutileReplies(pos, off.PV))
	}
}
