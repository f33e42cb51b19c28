package dfpn

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"gomate/position"
)

// TestZukouSolutionsUnderTsume solves the Shogi Zukou problems that have a
// recorded solution line (testdata/classic/zukou_solutions.tsv) under tsume
// rules. Where the printed length equals the recorded one, the line must be
// a valid solution of that length: legal, every attacker move a check, the
// defender mated (futile drops aside) at the end. The recorded line itself
// must be a valid tsume mate of its length too (a line, not a proof that
// no defence lasts longer: where our rule counts a defence the composer did
// not, our proven length may exceed the record). By default the first 12
// problems get a million nodes each (about 2 s; a node limit gives the same
// count on any machine) and at least minMatched must print the recorded
// length; with GOMATE_LONG=1 all 40 get 60 s each.
func TestZukouSolutionsUnderTsume(t *testing.T) {
	minMatched, count := 6, 12
	limit := Limits{Nodes: 1_000_000}
	if os.Getenv("GOMATE_LONG") != "" {
		minMatched, count, limit = 30, 40, Limits{Time: 60 * time.Second}
	}
	s := New(256)
	matched, n := 0, 0
	lines := readLines(t, "../testdata/classic/zukou_solutions.tsv")
	for _, l := range lines[:min(count, len(lines))] {
		c := strings.Split(l, "\t")
		if len(c) < 6 {
			t.Fatalf("short line %q", l)
		}
		p, err := position.FromSFEN(c[1])
		if err != nil {
			t.Fatal(err)
		}
		want, _ := strconv.Atoi(c[2])
		var rec []position.Move
		q := p.Clone()
		for _, f := range strings.Fields(c[5]) {
			m, err := q.ParseMove(f)
			if err != nil {
				t.Fatalf("%s: recorded move %s: %v", c[0], f, err)
			}
			rec = append(rec, m)
			q.DoMove(m)
		}
		if err := Tsume.VerifyLine(p, p.SideToMove(), rec); err != nil {
			t.Errorf("%s: the recorded line is not a tsume mate: %v", c[0], err)
		}
		n++
		s.Clear()
		res := s.Solve(p, Options{}, limit)
		if res.Status == NoMate {
			t.Errorf("%s: no mate, but the recorded line mates", c[0])
			continue
		}
		if res.Status != Mate {
			continue
		}
		if err := Tsume.VerifyLine(p, p.SideToMove(), res.PV); err != nil {
			t.Errorf("%s: bad line: %v", c[0], err)
			continue
		}
		if len(res.PV) == want {
			matched++
		}
		t.Logf("%s: %d plies (recorded %d), shortest %v, %v", c[0], len(res.PV), want, res.Shortest, res.Elapsed.Round(time.Millisecond))
	}
	t.Logf("%d of %d print the recorded length", matched, n)
	if matched < minMatched {
		t.Errorf("only %d of %d print the recorded length, want at least %d", matched, n, minMatched)
	}
}

// compositionSFEN reads a problem: "zukou-NNN" from zukou100.tsv, or
// "mateN.sfen:LINE" from the mate sets.
func compositionSFEN(t *testing.T, name string) string {
	t.Helper()
	if file, n, ok := strings.Cut(name, ":"); ok {
		line, _ := strconv.Atoi(n)
		return readLines(t, "../testdata/mate/"+file)[line-1]
	}
	for _, p := range zukouProblems(t) {
		if p.name == name {
			return p.sfen
		}
	}
	t.Fatalf("no problem %s", name)
	return ""
}

// zukouProblem is one row of testdata/classic/zukou100.tsv.
type zukouProblem struct{ name, sfen string }

// zukouProblems reads the Shogi Zukou problems in file order.
func zukouProblems(t testing.TB) []zukouProblem {
	t.Helper()
	var ps []zukouProblem
	for _, l := range readLines(t, "../testdata/classic/zukou100.tsv") {
		if c := strings.Split(l, "\t"); len(c) >= 2 && !strings.HasPrefix(l, "#") {
			ps = append(ps, zukouProblem{c[0], c[1]})
		}
	}
	return ps
}

// TestMismatchLinesAreMates: each recorded line of zukou_mismatch_lines.tsv
// is a valid tsume mate of its recorded length (the evidence of
// docs/notes/zukou.md#the-table compares our lines with these).
func TestMismatchLinesAreMates(t *testing.T) {
	for _, l := range readLines(t, "../testdata/classic/zukou_mismatch_lines.tsv") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		c := strings.Split(l, "\t")
		pos := mustSFEN(t, c[1])
		line := mustMoves(t, pos, strings.Fields(c[3])...)
		if want, _ := strconv.Atoi(c[2]); len(line) != want {
			t.Errorf("%s: %d plies recorded, the line has %d", c[0], want, len(line))
		}
		if err := Tsume.VerifyLine(pos, pos.SideToMove(), line); err != nil {
			t.Errorf("%s: %v", c[0], err)
		}
	}
}
