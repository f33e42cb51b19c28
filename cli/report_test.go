package cli

import (
	"strings"
	"testing"
	"time"

	"gomate/dfpn"
	"gomate/position"
)

// TestReachedAndBoundColumns checks the two columns of the results table
// that say when a length was found: "plies reached at" for the printed
// line and "proven within" for the proven bound, which differ when an
// upper bound's line is shorter than the bound (乱: a mate within 451
// proven, a line of 421 plies printed).
func TestReachedAndBoundColumns(t *testing.T) {
	line := func(n int) []position.Move { return make([]position.Move, n) }
	lengths := []dfpn.LengthFound{
		{Plies: 477, Elapsed: 100 * time.Second},
		{Plies: 451, Elapsed: 120 * time.Second},
	}
	cases := []struct {
		name           string
		res            dfpn.Result
		verified       bool
		reached, bound string
	}{
		{"shortest", dfpn.Result{Status: dfpn.Mate, Shortest: true, PV: line(451), Bound: 451, Lengths: lengths}, true, "120.000s", "451 at 120.000s"},
		{"line shorter than the bound", dfpn.Result{Status: dfpn.Mate, PV: line(421), Bound: 451, Lengths: lengths}, true, "-", "451 at 120.000s"},
		{"first mate only", dfpn.Result{Status: dfpn.Mate, PV: line(477), Bound: 477, Lengths: lengths[:1]}, true, "100.000s", "477 at 100.000s"},
		{"line rejected", dfpn.Result{Status: dfpn.Mate, PV: line(451), Bound: 451, Lengths: lengths}, false, "-", "-"},
		{"no mate", dfpn.Result{Status: dfpn.NoMate, Shortest: true}, false, "-", "-"},
	}
	for _, c := range cases {
		o := outcome{res: c.res, verifyOK: c.verified}
		if got := o.reachedAt(); got != c.reached {
			t.Errorf("%s: plies reached at %q, want %q", c.name, got, c.reached)
		}
		if got := o.boundAt(); got != c.bound {
			t.Errorf("%s: proven within %q, want %q", c.name, got, c.bound)
		}
	}
}

func TestWriteLine(t *testing.T) {
	root := position.Startpos()
	var pv []position.Move
	q := root.Clone()
	for _, s := range []string{"7g7f", "3c3d"} {
		m, err := q.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		pv = append(pv, m)
		q.DoMove(m)
	}
	var b strings.Builder
	if err := writeLine(&b, "usi", root, pv, ""); err != nil || b.String() != "7g7f 3c3d\n" {
		t.Errorf("usi: %q, %v", b.String(), err)
	}
	b.Reset()
	if err := writeLine(&b, "kif", root, pv, "c"); err != nil ||
		!strings.HasPrefix(b.String(), "▲７六歩 △３四歩\n\n# ") ||
		!strings.Contains(b.String(), "手合割：平手\n") || !strings.Contains(b.String(), "*c\n") {
		t.Errorf("kif: %q, %v", b.String(), err)
	}
	if err := writeLine(&b, "ki2", root, pv, ""); err == nil {
		t.Error("ki2: no error")
	}
}
