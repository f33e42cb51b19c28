package position

import (
	"slices"
	"testing"
)

// refMate1 finds by brute force the legal checks after which the opponent
// has no legal move.
func refMate1(p *Position) []Move {
	var mates []Move
	var buf, reply [MaxMoves]Move
	for _, m := range p.GenerateLegal(buf[:0]) {
		p.DoMove(m)
		if p.InCheck() && len(p.GenerateLegal(reply[:0])) == 0 {
			mates = append(mates, m)
		}
		p.UndoMove()
	}
	return mates
}

// TestMate1Positive: in every position of mate1.txt Mate1 finds a move,
// and that move is legal, checks, and leaves the opponent no legal move.
func TestMate1Positive(t *testing.T) {
	var buf [MaxMoves]Move
	for _, s := range readLines(t, "movegen/mate1.txt") {
		p := mustSFEN(t, s)
		before := stateOf(p)
		m := p.Mate1()
		if stateOf(p) != before {
			t.Fatalf("%s: Mate1 changed the position", s)
		}
		if m == NoMove {
			t.Errorf("%s: Mate1 found nothing; brute force finds %v", s, moveSet(refMate1(p)))
			continue
		}
		if !slices.Contains(p.GenerateLegal(buf[:0]), m) {
			t.Errorf("%s: Mate1 returned the illegal move %v", s, m)
			continue
		}
		p.DoMove(m)
		if !p.InCheck() || !refKingAttacked(p, p.side) {
			t.Errorf("%s: %v does not check", s, m)
		}
		if n := len(p.GenerateLegal(buf[:0])); n != 0 {
			t.Errorf("%s: after %v the defender has %d legal moves", s, m, n)
		}
		if !p.IsMate() {
			t.Errorf("%s: after %v IsMate is false", s, m)
		}
		p.UndoMove()
	}
}

// TestMate1Negative: in every position of no_mate1.txt Mate1 returns
// NoMove, and brute force agrees: every legal check leaves a legal reply.
func TestMate1Negative(t *testing.T) {
	for _, s := range readLines(t, "movegen/no_mate1.txt") {
		p := mustSFEN(t, s)
		if m := p.Mate1(); m != NoMove {
			t.Errorf("%s: Mate1 = %v, want none", s, m)
		}
		if ms := refMate1(p); len(ms) != 0 {
			t.Errorf("%s: brute force finds mates %v", s, moveSet(ms))
		}
	}
}

// TestHasBoardEvasion: after every check of the check lists' positions,
// HasBoardEvasion agrees with the legal moves generated: some reply that
// is not a drop. Positions not in check answer false.
func TestHasBoardEvasion(t *testing.T) {
	var checks, replies [MaxMoves]Move
	with, without := 0, 0
	for _, c := range readMoveLists(t, "movegen/checks.txt") {
		p := mustSFEN(t, c.sfen)
		if !p.InCheck() && p.HasBoardEvasion() {
			t.Fatalf("%s: not in check, yet HasBoardEvasion", c.sfen)
		}
		for _, m := range p.GenerateChecks(checks[:0]) {
			p.DoMove(m)
			want := false
			for _, r := range p.GenerateLegal(replies[:0]) {
				if !r.IsDrop() {
					want = true
				}
			}
			if got := p.HasBoardEvasion(); got != want {
				t.Fatalf("%s after %v: HasBoardEvasion %v, want %v", c.sfen, m, got, want)
			}
			if want {
				with++
			} else {
				without++
			}
			p.UndoMove()
		}
	}
	if with == 0 || without == 0 {
		t.Fatalf("%d checks with a board reply, %d without: the test needs both", with, without)
	}
}
