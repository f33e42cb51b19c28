package position

import (
	"fmt"
	"slices"
	"testing"
)

// TestDirectChecksTo: for every square of every position of the check
// lists (and of the legal-move lists, some in check), and of the positions
// after each check of the check lists (in check, where only evasions
// count), DirectChecksTo gives exactly GenerateChecks' board moves onto
// that square whose piece checks from there, and nothing onto a square of
// its own pieces.
func TestDirectChecksTo(t *testing.T) {
	var all, one, checksBuf [MaxMoves]Move
	compared, found, foundInCheck := 0, 0, 0
	compare := func(p *Position, where string) {
		checks := p.GenerateChecks(all[:0])
		for sq := Square(0); sq < NumSquares; sq++ {
			var want []Move
			for _, m := range checks {
				if !m.IsDrop() && m.To() == sq && p.checksFrom(m) {
					want = append(want, m)
				}
			}
			got := p.DirectChecksTo(one[:0], sq)
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("%s onto %v: got %v, want %v", where, sq, got, want)
			}
			compared++
			found += len(got)
			if p.InCheck() {
				foundInCheck += len(got)
			}
		}
	}
	for _, file := range []string{"movegen/checks.txt", "movegen/legal_moves.txt"} {
		for _, c := range readMoveLists(t, file) {
			p := mustSFEN(t, c.sfen)
			where := fmt.Sprintf("%s:%d %s", file, c.line, c.sfen)
			compare(p, where)
			if file != "movegen/checks.txt" {
				continue
			}
			for _, m := range p.GenerateChecks(checksBuf[:0]) {
				p.DoMove(m)
				compare(p, where+" after "+m.String())
				p.UndoMove()
			}
		}
	}
	if found == 0 || foundInCheck == 0 {
		t.Fatalf("%d direct checks found in %d comparisons, %d of them in check: the test needs both kinds", found, compared, foundInCheck)
	}
	t.Logf("%d comparisons, %d direct checks, %d in check", compared, found, foundInCheck)
}

// TestCountChecks compares CountChecks with GenerateChecks on the test
// positions and the positions after each of their legal moves: where the
// side to move has no pinned piece and no piece that would uncover a
// check, and is not in check, the count is the number of distinct squares
// (per piece, or per kind dropped) its checks go to, plus the mating pawn
// drop GenerateChecks leaves out; everywhere else (not in check) it is at
// least the number of distinct moves of that kind, with each piece that
// uncovers a check counted once.
func TestCountChecks(t *testing.T) {
	var buf, legal [MaxMoves]Move
	exact, bounded := 0, 0
	count := func(p *Position, where string) {
		if p.InCheck() {
			return
		}
		us := p.SideToMove()
		disc := p.Discoverers(us)
		type dest struct {
			from Square
			drop PieceType
			to   Square
		}
		seen := map[dest]bool{}
		discMoved := Bitboard{}
		for _, m := range p.GenerateChecks(buf[:0]) {
			switch {
			case m.IsDrop():
				seen[dest{NoSquare, m.Piece().Type(), m.To()}] = true
			case disc.Has(m.From()):
				discMoved.Set(m.From())
			default:
				seen[dest{m.From(), NoPieceType, m.To()}] = true
			}
		}
		want := len(seen) + discMoved.Count()
		got := p.CountChecks()
		if p.Pinned(us).IsEmpty() && disc.IsEmpty() {
			if ek := p.KingSquare(us.Opp()); ek != NoSquare && p.Hand(us).Has(Pawn) {
				front := stepAttacks[us.Opp()][Pawn][ek]
				if p.dropRuleTargets(Pawn, front.AndNot(p.Occupied())).Any() && p.isPawnDropMate(front.First()) {
					want++
				}
			}
			if got != want {
				t.Fatalf("%s: CountChecks = %d, want %d", where, got, want)
			}
			exact++
			return
		}
		if got < want {
			t.Fatalf("%s: CountChecks = %d, below the %d distinct checks", where, got, want)
		}
		bounded++
	}
	for _, file := range []string{"movegen/checks.txt", "movegen/legal_moves.txt"} {
		for _, c := range readMoveLists(t, file) {
			p := mustSFEN(t, c.sfen)
			where := fmt.Sprintf("%s:%d %s", file, c.line, c.sfen)
			count(p, where)
			for _, m := range p.GenerateLegal(legal[:0]) {
				p.DoMove(m)
				count(p, where+" after "+m.String())
				p.UndoMove()
			}
		}
	}
	if exact < 1000 || bounded < 100 {
		t.Fatalf("only %d exact and %d bounded comparisons", exact, bounded)
	}
	t.Logf("%d exact comparisons, %d bounds", exact, bounded)
}
