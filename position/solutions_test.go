package position

// Long published solution lines replayed move by move: Shogi Zukou's main
// lines (testdata/classic/zukou_solutions.tsv) and the 1525-ply
// Microcosmos (testdata/classic/microcosmos_solution.usi).

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// solutionLine is a tsume problem with one main line of USI moves.
type solutionLine struct {
	name, sfen string
	moves      []string
}

// solutionLines reads every solution line of the classic data.
func solutionLines(tb testing.TB) []solutionLine {
	tb.Helper()
	var res []solutionLine
	// id sfen solution_plies declared_plies commit solution_usi (no header)
	for _, l := range readLines(tb, "classic/zukou_solutions.tsv") {
		c := strings.Split(l, "\t")
		if len(c) != 6 {
			tb.Fatalf("zukou_solutions.tsv: %d columns in %q", len(c), l)
		}
		moves := strings.Fields(c[5])
		if n, err := strconv.Atoi(c[2]); err != nil || n != len(moves) {
			tb.Fatalf("%s: solution_plies %q but %d moves", c[0], c[2], len(moves))
		}
		res = append(res, solutionLine{c[0], c[1], moves})
	}
	raw, err := os.ReadFile(filepath.Join(dataDir, "classic/microcosmos_solution.usi"))
	if err != nil {
		tb.Fatal(err)
	}
	m := solutionLine{name: "microcosmos"}
	for _, l := range strings.Split(string(raw), "\n") {
		if s, ok := strings.CutPrefix(l, "# start: "); ok {
			m.sfen = s
		} else if l != "" && !strings.HasPrefix(l, "#") {
			m.moves = strings.Fields(l)
		}
	}
	if m.sfen == "" || len(m.moves) != 1525 {
		tb.Fatalf("microcosmos: start %q, %d moves, want 1525", m.sfen, len(m.moves))
	}
	return append(res, m)
}

// TestSolutionLines: every move of each main line is legal; every
// attacker move checks (and is one GenerateChecks finds); every defender
// move is an evasion; the line ends in mate, or (Zukou #26) where the
// defender has nothing but futile drops left.
func TestSolutionLines(t *testing.T) {
	lines := solutionLines(t)
	if len(lines) != 41 {
		t.Fatalf("%d solution lines, want 40 Zukou lines and Microcosmos", len(lines))
	}
	var buf [MaxMoves]Move
	unmated := 0
	for _, sl := range lines {
		p := mustSFEN(t, sl.sfen)
		attacker := p.SideToMove()
		ok := true
		for i, s := range sl.moves {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Errorf("%s ply %d: %v", sl.name, i+1, err)
				ok = false
				break
			}
			if p.SideToMove() == attacker {
				if !p.GivesCheck(m) || !containsMove(p.GenerateChecks(buf[:0]), m) {
					t.Errorf("%s ply %d: %s is not among the checks", sl.name, i+1, s)
				}
			} else if !p.InCheck() || !containsMove(p.GenerateEvasions(buf[:0]), m) {
				t.Errorf("%s ply %d: %s is not an evasion", sl.name, i+1, s)
			}
			p.DoMove(m)
		}
		if !ok {
			continue
		}
		if err := checkInternal(p); err != nil {
			t.Errorf("%s at the end: %v", sl.name, err)
		}
		if !p.IsMate() {
			unmated++
			for _, m := range p.GenerateLegal(buf[:0]) {
				if !m.IsDrop() {
					t.Errorf("%s ends without mate: the defender has %v", sl.name, m)
				}
			}
			if p.SideToMove() == attacker || !p.InCheck() {
				t.Errorf("%s ends with the defender not in check", sl.name)
			}
		}
	}
	if unmated != 1 {
		t.Errorf("%d lines end before mate, want 1 (Zukou #26)", unmated)
	}
}

func containsMove(ms []Move, m Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}
