package dfpn

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"gomate/position"
)

func TestZZDiverge(t *testing.T) {
	want := map[string]bool{}
	for _, id := range strings.Fields(os.Getenv("IDS")) {
		want[id] = true
	}
	s := New(512)
	for _, l := range readLines(t, "../testdata/classic/zukou_solutions.tsv") {
		f := strings.Split(l, "\t")
		if !want[f[0]] {
			continue
		}
		p := mustSFEN(t, f[1])
		line := strings.Fields(f[5])
		att := p.SideToMove()
		last := ""
		for i, m := range line {
			if p.SideToMove() != att {
				// defender to move: our longest defence vs the record's
				s.Clear()
				res := s.Solve(p, Options{RootIsDefender: true}, Limits{Time: 20 * time.Second})
				rec := len(line) - i
				if res.Status != Mate || len(res.PV) != rec {
					q := p.Clone()
					for _, mm := range res.PV {
						q.DoMove(mm)
					}
					last = fmt.Sprintf("%s ply %d: record plays %s, %d left; we: %v %d (shortest %v) %v [end hand %v]\n   %s", f[0], i, m, rec, res.Status, len(res.PV), res.Shortest, movesStr(res.PV), q.Hand(att), p.SFEN())
				} else if last != "" {
					t.Log(last)
					last = ""
					break
				}
			}
			mv, err := p.ParseMove(m)
			if err != nil {
				t.Fatal(err)
			}
			p.DoMove(mv)
		}
		if last != "" {
			t.Log(last + " (to the end)")
		}
	}
}

func movesStr(ms []position.Move) string {
	var b []string
	for _, m := range ms {
		b = append(b, m.String())
	}
	return strings.Join(b, " ")
}
