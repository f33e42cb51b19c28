package dfpn

import (
	"testing"

	"gomate/position"
)

// hd parses a hand in SFEN letters ("2G3P"; "" for none), either case.
var hd = position.MustParseHand

// attackerMoves: Black drops a gold, captures a gold, captures a dragon,
// captures a pawn, or moves without capturing.
type handMoves struct {
	drop, capGold, capDragon, capPawn, quiet position.Move
	// captured pieces of the capturing moves
	gold, dragon, pawn position.Piece
}

func attackerMoves(t *testing.T) handMoves {
	g := mustSFEN(t, "4k4/9/9/9/4g4/9/9/9/4R4 b GS 1")
	d := mustSFEN(t, "4k4/9/9/9/4+r4/9/9/9/4R4 b GS 1")
	pp := mustSFEN(t, "4k4/9/9/9/4p4/9/9/9/4R4 b GS 1")
	var hm handMoves
	hm.drop = mustMoves(t, g, "G*5b")[0]
	hm.capGold = mustMoves(t, g, "5i5e")[0]
	hm.gold = g.Captured(hm.capGold)
	hm.capDragon = mustMoves(t, d, "5i5e")[0]
	hm.dragon = d.Captured(hm.capDragon)
	hm.capPawn = mustMoves(t, pp, "5i5e")[0]
	hm.pawn = pp.Captured(hm.capPawn)
	hm.quiet = mustMoves(t, g, "5i5h")[0]
	if hm.gold.Type() != position.Gold || hm.dragon.Type() != position.Dragon || hm.pawn.Type() != position.Pawn {
		t.Fatalf("captured %v %v %v", hm.gold, hm.dragon, hm.pawn)
	}
	return hm
}

func TestOrProofHand(t *testing.T) {
	hm := attackerMoves(t)
	cases := []struct {
		name     string
		child    string
		m        position.Move
		captured position.Piece
		want     string
	}{
		{"a drop needs the piece", "S", hm.drop, 0, "GS"},
		{"a drop needs the piece (empty child)", "", hm.drop, 0, "G"},
		{"a drop adds to what the child needs", "3G", hm.drop, 0, "4G"},
		{"a captured piece need not be held", "GS", hm.capGold, hm.gold, "S"},
		{"a captured piece, two needed", "2G", hm.capGold, hm.gold, "G"},
		{"a captured piece the child does not need", "S", hm.capGold, hm.gold, "S"},
		{"a captured dragon is a rook in hand", "RG", hm.capDragon, hm.dragon, "G"},
		{"a captured pawn", "3P", hm.capPawn, hm.pawn, "2P"},
		{"a move without capture", "GS", hm.quiet, 0, "GS"},
	}
	for _, c := range cases {
		if got := orProofHand(hd(c.child), c.m, c.captured); got != hd(c.want) {
			t.Errorf("%s: orProofHand(%s) = %v, want %s", c.name, c.child, got, c.want)
		}
	}
}

func TestOrDisproofHand(t *testing.T) {
	hm := attackerMoves(t)
	cases := []struct {
		name     string
		child    position.Hand
		m        position.Move
		captured position.Piece
		want     position.Hand
	}{
		{"a drop: one more of the dropped kind", hd("S"), hm.drop, 0, hd("GS")},
		{"a drop: one more (empty child)", 0, hm.drop, 0, hd("G")},
		{"a drop: all of a kind stays all", hd("4GS"), hm.drop, 0, hd("4GS")},
		{"a drop: the full hand stays full", fullHand, hm.drop, 0, fullHand},
		{"a capture: one fewer of the captured kind", hd("2GS"), hm.capGold, hm.gold, hd("GS")},
		{"a capture from the full hand", fullHand, hm.capGold, hm.gold, fullHand.Sub(position.Gold)},
		{"a captured dragon counts as a rook", hd("2RP"), hm.capDragon, hm.dragon, hd("RP")},
		{"a captured pawn", hd("5P"), hm.capPawn, hm.pawn, hd("4P")},
		{"a move without capture", hd("2GS"), hm.quiet, 0, hd("2GS")},
	}
	for _, c := range cases {
		if got := orDisproofHand(c.child, c.m, c.captured); got != c.want {
			t.Errorf("%s: orDisproofHand(%v) = %v, want %v", c.name, c.child, got, c.want)
		}
	}
	// fullHand is the whole game's hand pieces.
	if fullHand != hd("2R2B4G4S4N4L18P") {
		t.Errorf("fullHand = %v", fullHand)
	}
}

func TestOrDisproofFinish(t *testing.T) {
	cases := []struct {
		dh, h position.Hand
		want  position.Hand
	}{
		// A kind the attacker does not hold leaves the disproof hand.
		{fullHand, hd("G"), hd("4G")},
		{fullHand, 0, 0},
		{fullHand, hd("RBGSNLP"), fullHand},
		{hd("2G3P"), hd("P"), hd("3P")},
		{hd("2G3P"), hd("GSN"), hd("2G")},
		{hd("2G3P"), 0, 0},
		// What the attacker holds stays, whatever the count.
		{hd("RG"), hd("R2G"), hd("RG")},
	}
	for _, c := range cases {
		if got := orDisproofFinish(c.dh, c.h); got != c.want {
			t.Errorf("orDisproofFinish(%v, %v) = %v, want %v", c.dh, c.h, got, c.want)
		}
	}
}

func TestAndDisproofHand(t *testing.T) {
	// White (the defender) drops or moves while in check from the rook.
	p := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4R4 w Ggs3p 1")
	gdrop := mustMoves(t, p, "G*5b")[0] // USI drops are written in upper case
	pdrop := mustMoves(t, p, "P*5e")[0]
	king := mustMoves(t, p, "5a4a")[0]
	cases := []struct {
		name  string
		child string
		m     position.Move
		h     string
		want  string
	}{
		{"a defender's drop caps the dropped kind at the attacker's count", "3GS", gdrop, "G", "GS"},
		{"a drop with none held by the attacker", "2G", gdrop, "", ""},
		{"a drop: a smaller child count stays", "G", gdrop, "2G", "G"},
		{"a pawn drop caps pawns only", "5P2G", pdrop, "P", "P2G"},
		{"a king move changes nothing", "3G", king, "G", "3G"},
	}
	for _, c := range cases {
		if got := andDisproofHand(hd(c.child), c.m, hd(c.h)); got != hd(c.want) {
			t.Errorf("%s: andDisproofHand(%s, h %s) = %v, want %s", c.name, c.child, c.h, got, c.want)
		}
	}
}

func TestInterposeNeeds(t *testing.T) {
	B := position.Black
	cases := []struct {
		name, sfen string
		attacker   position.Color
		want       string
	}{
		{"rook from a distance, the attacker holds every gold: keep them",
			"4k4/9/9/9/9/9/9/9/4R4 w 4GSr2b3s4n4l18p 1", B, "4G"},
		{"rook from a distance, the defender holds a gold: nothing",
			"4k4/9/9/9/9/9/9/9/4R4 w 3GSgr2b3s4n4l18p 1", B, ""},
		{"two kinds the defender lacks",
			"4k4/9/9/9/9/9/9/9/4R4 w 4G4N2Sr2b2s4l18p 1", B, "4G4N"},
		{"the attacker holds part of a kind the defender lacks: all of it stays",
			"4k4/9/9/9/9/9/9/9/4L3G w 3G2P2r2b4s4n3l16p 1", B, "3G"},
		{"lance from a distance, empty defender hand",
			"4k4/9/9/9/9/9/9/9/4L4 w R2BG3P 1", B, "R2BG3P"},
		{"adjacent check: no interposition possible",
			"4k4/4G4/9/9/9/9/9/9/9 w 3GS 1", B, ""},
		{"knight check: no interposition possible",
			"4k4/9/3N5/9/9/9/9/9/9 w 4G 1", B, ""},
		{"double check: no interposition possible",
			"4k4/9/9/9/B8/9/9/9/4R4 w 4G 1", B, ""},
		{"no check", "4k4/9/9/9/9/9/9/9/3R5 w 4G 1", B, ""},
		{"white attacks from a distance",
			"4r4/9/9/9/9/9/9/9/4K4 b 4g2Pr 1", position.White, "R4G"},
	}
	for _, c := range cases {
		p := mustSFEN(t, c.sfen)
		if got := interposeNeeds(p, c.attacker); got != hd(c.want) {
			t.Errorf("%s: interposeNeeds = %v, want %s", c.name, got, c.want)
		}
	}
}
