package position

// Our generators against nyashiki/nshogi's move lists
// (testdata/movegen/legal_moves.txt and checks.txt).

import (
	"slices"
	"testing"
)

// nshogiReduce drops from our list the moves nshogi's convention omits:
// non-promotions of pawn, bishop and rook whenever promotion is possible,
// and the lance's non-promotion onto its second-to-last rank.
func nshogiReduce(ms []Move) []Move {
	var out []Move
	for _, m := range ms {
		if !m.IsDrop() && !m.IsPromotion() {
			c, pt := m.Piece().Color(), m.Piece().Type()
			switch pt {
			case Pawn, Bishop, Rook:
				if inPromotionZone(c, m.From()) || inPromotionZone(c, m.To()) {
					continue
				}
			case Lance:
				if relRank(c, m.To()) == 1 {
					continue
				}
			}
		}
		out = append(out, m)
	}
	return out
}

// checkAgainstNshogi compares gen's list, reduced to nshogi's convention,
// with each case's list minus the known illegal pawn-drop mates. It
// returns how many of those pawn-drop mates it met, and how many other
// pawn-drop mates (proven by brute force) it found in nshogi's lists.
func checkAgainstNshogi(t *testing.T, file string, gen func(*Position, []Move) []Move) (met, extra int) {
	pdm := pawnDropMates(t)
	var buf [MaxMoves]Move
	for _, c := range readMoveLists(t, file) {
		p := mustSFEN(t, c.sfen)
		ours := gen(p, buf[:0])
		if d := duplicates(ours); len(d) > 0 {
			t.Errorf("%s:%d %s: duplicate moves %v", file, c.line, c.sfen, d)
		}
		want := slices.Clone(c.moves)
		for _, bad := range pdm[sfenKey(c.sfen)] {
			if i := slices.Index(want, bad); i >= 0 {
				want = slices.Delete(want, i, i+1)
				met++
			}
			if slices.Contains(moveSet(ours), bad) {
				t.Errorf("%s:%d %s: we generate the pawn-drop mate %s", file, c.line, c.sfen, bad)
			}
		}
		// nshogi lists every pawn drop that checks, mate or not. A drop we
		// omit that is not among the listed 30 must be proven a pawn-drop
		// mate here, by brute force (checks.txt has 12 such).
		for i := 0; i < len(want); i++ {
			if m, err := p.decodeMove(want[i]); err == nil && m.IsDrop() && m.DropType() == Pawn &&
				!slices.Contains(ours, m) && refPawnDropMates(p, m) {
				want = slices.Delete(want, i, i+1)
				i--
				extra++
			}
		}
		slices.Sort(want)
		if d := diffMoves(moveSet(nshogiReduce(ours)), want); d != "" {
			t.Errorf("%s:%d %s: %s", file, c.line, c.sfen, d)
		}
	}
	return met, extra
}

// refPawnDropMates reports whether the pawn drop m, played, checks and
// leaves the opponent no legal reply (found by brute force).
func refPawnDropMates(p *Position, m Move) bool {
	if p.board[m.To()] != NoPiece {
		return false
	}
	p.DoMove(m)
	defer p.UndoMove()
	return refKingAttacked(p, p.side) && len(refLegal(p)) == 0
}

func TestLegalMovesNshogi(t *testing.T) {
	met, extra := checkAgainstNshogi(t, "movegen/legal_moves.txt", (*Position).GenerateLegal)
	if met != 30 || extra != 0 {
		t.Errorf("nshogi's legal lists: met %d of the 30 listed pawn-drop mates and %d others, want 30 and 0", met, extra)
	}
}

func TestChecksNshogi(t *testing.T) {
	met, extra := checkAgainstNshogi(t, "movegen/checks.txt", (*Position).GenerateChecks)
	if met != 30 || extra != 12 {
		t.Errorf("nshogi's check lists: met %d of the 30 listed pawn-drop mates and %d others, want 30 and 12", met, extra)
	}
}

// TestPawnDropMateList checks the 30 pawn drops that nshogi wrongly lists:
// each really mates (so is illegal), isPawnDropMate says so, and neither
// GenerateLegal, GenerateChecks nor ParseMove accepts it.
func TestPawnDropMateList(t *testing.T) {
	rows := readTSV(t, "rules/pawn_drop_mate.tsv")
	if len(rows) != 30 {
		t.Fatalf("pawn_drop_mate.tsv has %d rows, want 30", len(rows))
	}
	var buf [MaxMoves]Move
	for _, r := range rows {
		p := mustSFEN(t, r["sfen"])
		m, err := p.decodeMove(r["pawn_drop_move"])
		if err != nil || !m.IsDrop() || m.DropType() != Pawn {
			t.Fatalf("%s: %q is not a pawn drop: %v", r["sfen"], r["pawn_drop_move"], err)
		}
		if !p.isPawnDropMate(m.To()) {
			t.Errorf("%s: isPawnDropMate(%v) = false", r["sfen"], m)
		}
		if slices.Contains(p.GenerateLegal(buf[:0]), m) || slices.Contains(p.GenerateChecks(buf[:0]), m) {
			t.Errorf("%s: %v generated", r["sfen"], m)
		}
		if _, err := p.ParseMove(r["pawn_drop_move"]); err == nil {
			t.Errorf("%s: ParseMove accepts %v", r["sfen"], m)
		}
		// Independently: played, it checks and leaves no legal reply.
		if !refPawnDropMates(p, m) {
			t.Errorf("%s: %v does not mate", r["sfen"], m)
		}
	}
}
