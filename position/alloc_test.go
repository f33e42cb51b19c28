package position

import "testing"

// TestZeroAllocs: the hot operations allocate nothing once the position
// exists (FromSFEN preallocates the history) and the caller owns the buffer.
func TestZeroAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation may allocate")
	}
	p := mustSFEN(t, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1")
	inCheck := mustSFEN(t, "lnsgkgsnl/1r5b1/pppp1pppp/9/4L4/9/PPPP1PPPP/1B5R1/LNSGKGSN1 w Pp 1")
	var buf [MaxMoves]Move
	m := p.GenerateLegal(buf[:0])[0]
	if !inCheck.InCheck() {
		t.Fatal("the evasion position is not in check")
	}
	mate := mustSFEN(t, readLines(t, "movegen/mate1.txt")[0])
	tests := []struct {
		name string
		f    func()
	}{
		{"DoMove+UndoMove", func() { p.DoMove(m); p.UndoMove() }},
		{"GenerateLegal", func() { p.GenerateLegal(buf[:0]) }},
		{"GenerateChecks", func() { p.GenerateChecks(buf[:0]) }},
		{"GenerateEvasions", func() { inCheck.GenerateEvasions(buf[:0]) }},
		{"Mate1 found", func() { mate.Mate1() }},
		{"Mate1 none", func() { p.Mate1() }},
		{"GivesCheck", func() { p.GivesCheck(m) }},
		{"IsLegal", func() { p.IsLegal(m) }},
		{"Perft(2)", func() { p.Perft(2) }},
	}
	for _, tc := range tests {
		if n := testing.AllocsPerRun(100, tc.f); n != 0 {
			t.Errorf("%s: %v allocations per run", tc.name, n)
		}
	}
}
