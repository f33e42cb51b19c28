package dfpn

import (
	"strings"
	"testing"
	"time"

	"gomate/position"
)

func mustSFEN(t testing.TB, sfen string) *position.Position {
	t.Helper()
	p, err := position.FromSFEN(sfen)
	if err != nil {
		t.Fatalf("%s: %v", sfen, err)
	}
	return p
}

// mateLine clears s, solves p (Black to move) and stops the test unless the
// answer is a mate whose line is valid under tsume rules; what names the
// run in the messages and the log.
func mateLine(t *testing.T, s *Solver, p *position.Position, opt Options, lim Limits, what string) Result {
	t.Helper()
	s.Clear()
	res := s.Solve(p, opt, lim)
	if res.Status != Mate {
		t.Fatalf("%s: %v (%s), want a mate", what, res.Status, res.Reason)
	}
	if err := Tsume.VerifyLine(p, position.Black, res.PV); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	t.Logf("%s: %d plies, bound %d, shortest %v, lengths %v", what, len(res.PV), res.Bound, res.Shortest, res.Lengths)
	return res
}

func mustMoves(t testing.TB, p *position.Position, usi ...string) []position.Move {
	t.Helper()
	q := p.Clone()
	var line []position.Move
	for _, s := range usi {
		m, err := q.ParseMove(s)
		if err != nil {
			t.Fatalf("%s in %s: %v", s, q.SFEN(), err)
		}
		q.DoMove(m)
		line = append(line, m)
	}
	return line
}

// verifyUnchanged runs VerifyLine and checks that the root is untouched.
func verifyUnchanged(t *testing.T, p *position.Position, attacker position.Color, line []position.Move) error {
	t.Helper()
	sfen, key, ply := p.SFEN(), p.Key(), p.Ply()
	err := VerifyLine(p, attacker, line)
	if p.SFEN() != sfen || p.Key() != key || p.Ply() != ply {
		t.Fatalf("VerifyLine changed the root: %s -> %s", sfen, p.SFEN())
	}
	return err
}

func TestVerifyLineAcceptsMates(t *testing.T) {
	// Mate in one by hand: the pawn promotes on 9b, protected by the king.
	p := mustSFEN(t, "k8/9/PK7/9/9/9/9/9/9 b 2r2b4g4s4n4l17p 1")
	if err := verifyUnchanged(t, p, position.Black, mustMoves(t, p, "9c9b+")); err != nil {
		t.Errorf("mate in one rejected: %v", err)
	}
	// Solver lines of the mate-in-3 set (each also checked by the solver).
	s := New(16)
	for i, sfen := range readLines(t, "../testdata/mate/mate3.sfen")[:30] {
		p := mustSFEN(t, sfen)
		s.Clear()
		res := s.Solve(p, Options{Rules: Strict}, Limits{Time: 10 * time.Second})
		if res.Status != Mate || len(res.PV) != 3 {
			t.Fatalf("line %d: %v %d", i+1, res.Status, len(res.PV))
		}
		if err := verifyUnchanged(t, p, p.SideToMove(), res.PV); err != nil {
			t.Errorf("line %d: %v", i+1, err)
		}
		// The same line seen from after the first move, with the
		// defender to move (RootIsDefender's form).
		q := p.Clone()
		q.DoMove(res.PV[0])
		if err := verifyUnchanged(t, q, p.SideToMove(), res.PV[1:]); err != nil {
			t.Errorf("line %d from the defender's move: %v", i+1, err)
		}
		// The mated position itself with an empty line.
		for _, m := range res.PV[1:] {
			q.DoMove(m)
		}
		if err := verifyUnchanged(t, q, p.SideToMove(), nil); err != nil {
			t.Errorf("line %d: empty line at mate rejected: %v", i+1, err)
		}
	}
}

func TestVerifyLineRejects(t *testing.T) {
	p := mustSFEN(t, "k8/9/PK7/9/9/9/9/9/9 b 2r2b4g4s4n4l17p 1")
	s := New(16)
	three := mustSFEN(t, readLines(t, "../testdata/mate/mate3.sfen")[0])
	res := s.Solve(three, Options{Rules: Strict}, Limits{Time: 10 * time.Second})
	if res.Status != Mate || len(res.PV) != 3 {
		t.Fatalf("mate3 line 1: %v %v", res.Status, res.PV)
	}
	att := three.SideToMove()
	pv := res.PV
	// A legal move of the attacker that gives no check.
	var quiet position.Move
	var buf [position.MaxMoves]position.Move
	for _, m := range three.GenerateLegal(buf[:0]) {
		q := three.Clone()
		q.DoMove(m)
		if !q.InCheck() {
			quiet = m
			break
		}
	}
	if quiet == position.NoMove {
		t.Fatal("no quiet move")
	}
	extra := append(append([]position.Move(nil), pv...), pv[1])
	cases := []struct {
		name     string
		root     *position.Position
		attacker position.Color
		line     []position.Move
		want     string
	}{
		{"wrong attacker", p, position.White, mustMoves(t, p, "9c9b+"), "defender"},
		{"illegal first move (the defender's reply)", three, att, pv[1:], "not legal"},
		{"illegal later move", three, att, []position.Move{pv[0], pv[2], pv[1]}, "not legal"},
		{"a move past the mate", three, att, extra, "not legal"},
		{"pawn push without promotion is no mate", p, position.Black, mustMoves(t, p, "9c9b"), "not mate"},
		{"attacker move without check", three, att, []position.Move{quiet}, "does not give check"},
		{"ends before mate after the attacker's move", three, att, pv[:1], "not mate"},
		{"ends with the defender's move", three, att, pv[:2], "defender's move"},
		{"empty line, nobody mated", three, att, nil, "not mated"},
		{"empty line, the attacker to move", p, position.Black, nil, "not mated"},
	}
	for _, tc := range cases {
		err := verifyUnchanged(t, tc.root, tc.attacker, tc.line)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error about %q", tc.name, err, tc.want)
		}
	}
}

// rookLapsSFEN is a position for perpetual check: the rook checks along
// ranks a and b while the king steps between 1a and 1b (rookLaps); from
// the start the gold drop on 1b, guarded by the rook, mates.
const rookLapsSFEN = "8k/R8/9/9/9/9/9/9/9 b Gr2b3g4s4n4l18p 1"

// rookLaps is n laps of the rook's cycle from rookLapsSFEN, in USI moves:
// each brings the start back.
func rookLaps(n int) []string {
	var l []string
	for range n {
		l = append(l, "9b9a", "1a1b", "9a9b", "1b1a")
	}
	return l
}

// TestVerifyLineSennichite: a line may pass through a position again, but
// the fourth time is sennichite, a draw (here by perpetual check, which
// loses for the attacker), never a mate (rookLapsSFEN, then the mate).
func TestVerifyLineSennichite(t *testing.T) {
	p := mustSFEN(t, rookLapsSFEN)
	for laps := 0; laps <= 3; laps++ {
		line := mustMoves(t, p, append(rookLaps(laps), "G*1b")...)
		err := verifyUnchanged(t, p, position.Black, line)
		switch {
		case laps < 3 && err != nil:
			t.Errorf("%d laps (the start %d times): %v", laps, laps+1, err)
		case laps == 3 && (err == nil || !strings.Contains(err.Error(), "ply 12:") || !strings.Contains(err.Error(), "sennichite")):
			t.Errorf("3 laps (the start a fourth time at ply 12): got %v, want sennichite at ply 12", err)
		}
	}
}

// TestVerifyMate: the answer check takes the attacker from the root
// (the side to move, or its opponent with rootIsDefender) and rejects an
// empty line, even at a mated position, which Rules.VerifyLine accepts.
func TestVerifyMate(t *testing.T) {
	three := mustSFEN(t, readLines(t, "../testdata/mate/mate3.sfen")[0])
	res := New(16).Solve(three, Options{Rules: Strict}, Limits{Time: 10 * time.Second})
	if res.Status != Mate || len(res.PV) != 3 {
		t.Fatalf("mate3 line 1: %v %v", res.Status, res.PV)
	}
	afterFirst := three.Clone()
	afterFirst.DoMove(res.PV[0])
	mated := afterFirst.Clone()
	for _, m := range res.PV[1:] {
		mated.DoMove(m)
	}
	cases := []struct {
		name     string
		root     *position.Position
		line     []position.Move
		defender bool
		ok       bool
	}{
		{"the attacker to move", three, res.PV, false, true},
		{"the attacker to move, read as the defender", three, res.PV, true, false},
		{"the defender to move", afterFirst, res.PV[1:], true, true},
		{"the defender to move, read as the attacker", afterFirst, res.PV[1:], false, false},
		{"empty line at a mate", mated, nil, true, false},
		{"a pass", three, []position.Move{position.PassMove}, false, false},
	}
	for _, c := range cases {
		sfen := c.root.SFEN()
		err := VerifyMate(c.root, c.line, c.defender, Strict)
		if (err == nil) != c.ok {
			t.Errorf("%s: err %v", c.name, err)
		}
		if c.root.SFEN() != sfen {
			t.Errorf("%s: the root changed", c.name)
		}
	}
	if err := Strict.VerifyLine(mated, three.SideToMove(), nil); err != nil {
		t.Errorf("Rules.VerifyLine rejects an empty line at a mate: %v", err)
	}
}
