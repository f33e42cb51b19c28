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
