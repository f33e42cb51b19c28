package compose

import (
	"testing"
	"time"

	"gomate/dfpn"
)

// TestAlternativeMatesFromDefender: AlternativeMates finds the same
// alternatives from the defender's side (as the USI server calls it with
// DefenderToMove), with plies counted from that root.
func TestAlternativeMatesFromDefender(t *testing.T) {
	p := problem(t, "zukou-092", "2a")
	s := dfpn.New(32)
	c := Check(s, p, dfpn.Options{}, dfpn.Limits{Time: 10 * time.Second})
	if len(c.Alternatives) == 0 {
		t.Fatalf("no alternatives: %+v", c)
	}
	q := p.Clone()
	q.DoMove(c.Line[0])
	before := q.SFEN()
	alts, open := AlternativeMates(s, q, c.Line[1:], dfpn.Options{RootIsDefender: true}, dfpn.Limits{Time: 10 * time.Second})
	if q.SFEN() != before {
		t.Errorf("position changed: %s", q.SFEN())
	}
	if len(open) > 0 || len(alts) != len(c.Alternatives) {
		t.Fatalf("got %v (open %v), want %v", alts, open, c.Alternatives)
	}
	for i, a := range alts {
		if w := c.Alternatives[i]; a.Ply != w.Ply-1 || a.Move != w.Move {
			t.Errorf("alternative %d: ply %d %s, want ply %d %s", i, a.Ply, a.Move, w.Ply-1, w.Move)
		}
	}
}
