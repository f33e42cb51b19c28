package position

// Perft against the published node counts of testdata/movegen/perft.tsv.
//
// Rows with more than perftQuickLimit leaves (start position depth 6,
// 547581517 leaves; matsuri depth 4, 516925165 leaves) take several seconds
// each and run only in long mode:
//
//	GOMATE_LONG=1 go test -run TestPerft ./position

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"
)

// perftQuickLimit is the largest leaf count run by a plain go test.
const perftQuickLimit = 30_000_000

// longMode reports whether GOMATE_LONG=1 asks for the slow tests.
func longMode() bool { return os.Getenv("GOMATE_LONG") == "1" }

type perftRow struct {
	name, sfen string
	depth      int
	nodes      uint64
}

func perftRows(t *testing.T) []perftRow {
	var rows []perftRow
	for _, r := range readTSV(t, "movegen/perft.tsv") {
		d, err1 := strconv.Atoi(r["depth"])
		n, err2 := strconv.ParseUint(r["nodes"], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("perft.tsv: bad row %v", r)
		}
		rows = append(rows, perftRow{r["name"], r["sfen"], d, n})
	}
	return rows
}

func runPerftRow(t *testing.T, r perftRow) {
	p := mustSFEN(t, r.sfen)
	before := stateOf(p)
	start := time.Now()
	got := p.Perft(r.depth)
	el := time.Since(start)
	if got != r.nodes {
		t.Errorf("perft(%d) = %d, want %d", r.depth, got, r.nodes)
	}
	if after := stateOf(p); after != before {
		t.Errorf("perft changed the position: %s, was %s", p.SFEN(), r.sfen)
	}
	if err := checkInternal(p); err != nil {
		t.Errorf("after perft: %v", err)
	}
	if el > 100*time.Millisecond {
		t.Logf("perft(%d) = %d in %v (%.1f M leaves/s)", r.depth, got, el, float64(got)/el.Seconds()/1e6)
	}
}

// TestPerft runs every row of perft.tsv up to perftQuickLimit leaves.
func TestPerft(t *testing.T) {
	n := 0
	for _, r := range perftRows(t) {
		if r.nodes > perftQuickLimit {
			continue
		}
		n++
		t.Run(fmt.Sprintf("%s/d%d", r.name, r.depth), func(t *testing.T) { runPerftRow(t, r) })
	}
	if n < 15 {
		t.Errorf("only %d quick perft rows, want the start, matsuri, max593 and small cases", n)
	}
}

// TestPerftLong runs the rows above perftQuickLimit leaves (GOMATE_LONG=1).
func TestPerftLong(t *testing.T) {
	if !longMode() {
		t.Skip("set GOMATE_LONG=1 to run start-position perft 6 and matsuri perft 4")
	}
	for _, r := range perftRows(t) {
		if r.nodes <= perftQuickLimit {
			continue
		}
		t.Run(fmt.Sprintf("%s/d%d", r.name, r.depth), func(t *testing.T) { runPerftRow(t, r) })
	}
}

// TestPerftDivide checks that the per-move counts add up to the total and
// that every root move is legal.
func TestPerftDivide(t *testing.T) {
	p := mustSFEN(t, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1")
	div := p.PerftDivide(2)
	var sum uint64
	for m, n := range div {
		if !p.IsLegal(m) {
			t.Errorf("divide has illegal move %v", m)
		}
		sum += n
	}
	if want := p.Perft(2); sum != want || uint64(len(div)) != p.Perft(1) {
		t.Errorf("divide: %d moves summing to %d, want %d moves and %d", len(div), sum, p.Perft(1), want)
	}
}

// fullPerft counts leaves playing every move, the last ply included, and
// checks the position after each move and each undo.
func fullPerft(t *testing.T, p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var buf [MaxMoves]Move
	var n uint64
	before := stateOf(p)
	for _, m := range p.GenerateLegal(buf[:0]) {
		p.DoMove(m)
		if err := checkInternal(p); err != nil {
			t.Fatalf("after %v: %v", m, err)
		}
		n += fullPerft(t, p, depth-1)
		p.UndoMove()
		if stateOf(p) != before {
			t.Fatalf("undo %v did not restore %s", m, p.SFEN())
		}
	}
	return n
}

// TestPerftPlayed checks perft without bulk counting on smaller trees,
// verifying the derived data after every move.
func TestPerftPlayed(t *testing.T) {
	for _, r := range perftRows(t) {
		if r.nodes > 200_000 {
			continue
		}
		t.Run(fmt.Sprintf("%s/d%d", r.name, r.depth), func(t *testing.T) {
			if got := fullPerft(t, mustSFEN(t, r.sfen), r.depth); got != r.nodes {
				t.Errorf("played perft(%d) = %d, want %d", r.depth, got, r.nodes)
			}
		})
	}
}
