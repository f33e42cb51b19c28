package usi

import (
	"testing"

	"gomate/dfpn"
	"gomate/position"
)

func TestVerifyLine(t *testing.T) {
	p := mustPos(t, mate1Black)
	mate := p.Mate1()
	if mate == position.NoMove {
		t.Fatal("test position has no mate in one")
	}
	var buf [position.MaxMoves]position.Move
	var check position.Move // a check that does not mate
	for _, m := range p.GenerateChecks(buf[:0]) {
		if m != mate {
			q := p.Clone()
			q.DoMove(m)
			if !q.IsMate() {
				check = m
				break
			}
		}
	}
	var quiet position.Move // a move that gives no check
	for _, m := range p.GenerateLegal(buf[:0]) {
		if !p.GivesCheck(m) {
			quiet = m
			break
		}
	}
	start := mustPos(t, position.StartSFEN)
	m76, _ := start.ParseMove("7g7f")
	cases := []struct {
		name     string
		line     []position.Move
		defender bool
		ok       bool
	}{
		{"mate", []position.Move{mate}, false, true},
		{"empty", nil, false, false},
		{"check but not mate", []position.Move{check}, false, false},
		{"no check", []position.Move{quiet}, false, false},
		{"illegal", []position.Move{m76}, false, false},
		{"pass", []position.Move{position.PassMove}, false, false},
		{"wrong parity for defender", []position.Move{mate}, true, false},
	}
	for _, c := range cases {
		err := VerifyLine(p, c.line, c.defender, dfpn.Strict)
		if (err == nil) != c.ok {
			t.Errorf("%s: err %v", c.name, err)
		}
	}
	if p.SFEN() != mustPos(t, mate1Black).SFEN() {
		t.Error("VerifyLine changed the root")
	}
	// A defender-first line: see defenderLine.
	root, line := defenderLine(t)
	if err := VerifyLine(root, line, true, dfpn.Strict); err != nil {
		t.Errorf("defender line: %v", err)
	}
	if err := VerifyLine(root, line, false, dfpn.Strict); err == nil {
		t.Error("defender line accepted as an attacker line")
	}
}

// defenderLine builds a position with the defender (white) to move and a
// two-ply line: a white move, then black's mate in one. It takes
// mate1Black with white to move and looks for a white move after which the
// mate still works.
func defenderLine(t *testing.T) (*position.Position, []position.Move) {
	t.Helper()
	sfen := mate1Black
	root := mustPos(t, sfen[:len(sfen)-len("b P4pn2s2gb 1")]+"w P4pn2s2gb 1")
	var buf [position.MaxMoves]position.Move
	for _, d := range root.GenerateLegal(buf[:0]) {
		q := root.Clone()
		q.DoMove(d)
		if m := q.Mate1(); m != position.NoMove {
			return root, []position.Move{d, m}
		}
	}
	t.Fatal("no defender line found")
	return nil, nil
}
