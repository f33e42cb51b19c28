package dfpn

import (
	"testing"

	"gomate/position"
	"gomate/tt"
)

// TestHiddenDropReadWhenRevealed: a drop hidden behind a cheaper one on
// its square is not read from the table at expansion, so a disproof the
// table holds for it neither counts nor refutes the node while it waits;
// once the drops before it are proven and it is revealed, it is read and
// holds the table's disproof.
func TestHiddenDropReadWhenRevealed(t *testing.T) {
	sr, f, _, done := rookCheckNode(t)
	defer done()
	// The rook drop next to the king (5b) is the last of its square's
	// chain: pawn, lance, knight, silver, gold, bishop, rook.
	target := -1
	for i, c := range f.children {
		if c.move.IsDrop() && c.move.To() == position.NewSquare(4, 1) && c.move.DropType() == position.Rook {
			target = i
		}
	}
	if target < 0 {
		t.Fatal("no rook drop on 5b among the replies")
	}
	c := f.children[target]
	if !c.hidden {
		t.Fatal("the rook drop on 5b is not hidden behind the cheaper drops")
	}
	sr.table.StoreDisproven(c.key, c.hand, tt.Unlimited, 1)

	// Expand again, now that the table holds the disproof.
	pos := sr.pos
	f = sr.expand(1, false, pos.Hand(sr.attacker), 8, sr.generate(false, 1))
	f.ply, f.depth, f.ancestors = 1, 9, sr.path.hash
	c = f.children[target]
	if !c.hidden || !c.unread || c.dn == 0 || c.state == tt.Disproven {
		t.Fatalf("hidden drop read at expansion: hidden %v unread %v dn %d state %v", c.hidden, c.unread, c.dn, c.state)
	}
	for i := range f.children {
		if d := &f.children[i]; !d.hidden && d.unread {
			t.Fatalf("visible reply %s left unread", d.move)
		}
	}

	// Prove the drops before it, one at a time, until it is revealed.
	for steps := 0; f.children[target].hidden; steps++ {
		if steps > 7 {
			t.Fatal("the rook drop was never revealed")
		}
		for i := range f.children {
			if d := &f.children[i]; !d.hidden && d.move.IsDrop() && d.move.To() == c.move.To() && i != target {
				d.pn, d.dn = 0, inf
			}
		}
		sr.revealProven(f)
	}
	r := &f.children[target]
	if r.unread || r.state != tt.Disproven || r.dn != 0 {
		t.Fatalf("revealed drop: unread %v state %v pn %d dn %d, want the table's disproof", r.unread, r.state, r.pn, r.dn)
	}
}
