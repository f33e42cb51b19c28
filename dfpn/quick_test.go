package dfpn

import (
	"bufio"
	"os"
	"testing"
	"time"

	"gomate/position"
)

func TestQuickMateSet(t *testing.T) {
	for _, tc := range []struct {
		file  string
		plies int
		n     int
	}{{"mate3.sfen", 3, 200}, {"mate5.sfen", 5, 100}, {"mate7.sfen", 7, 100}, {"mate9.sfen", 9, 50}, {"mate11.sfen", 11, 50}} {
		f, err := os.Open("../testdata/mate/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		s := New(64)
		i := 0
		var tot time.Duration
		var nodes uint64
		for sc.Scan() && i < tc.n {
			i++
			p, err := position.FromSFEN(sc.Text())
			if err != nil {
				t.Fatal(err)
			}
			s.Clear()
			res := s.Solve(p, Options{}, Limits{Time: 3 * time.Second})
			tot += res.Elapsed
			nodes += res.Nodes
			if res.Status != Mate || len(res.PV) != tc.plies || !res.Shortest {
				t.Errorf("%s #%d %s: status %v len %d shortest %v reason %q nodes %d", tc.file, i, sc.Text(), res.Status, len(res.PV), res.Shortest, res.Reason, res.Nodes)
			}
		}
		f.Close()
		t.Logf("%s: %d positions, %v, %d nodes", tc.file, i, tot, nodes)
	}
}
