package rate

import (
	"bufio"
	"math"
	"os"
	"testing"

	"gomate/dfpn"
)

// TestRecorder: decided passes are not updates, saturated numbers count
// in no max or mean, and the means are of the numbers kept.
func TestRecorder(t *testing.T) {
	var r recorder
	r.update(2, 5)
	r.update(4, dfpn.Infinite-1)
	r.update(3, 7)
	r.update(0, dfpn.Infinite)
	want := RootStats{PNMax: 4, DNMax: 7, PNMean: 3, DNMean: 6, Updates: 3, Saturated: 1}
	if got := r.stats(); got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// TestRateMateInOne: a head gold (G*5b) is decided at the root by the
// mate-in-one test, so there is no update; its score is log2(1+1).
func TestRateMateInOne(t *testing.T) {
	pos := mustSFEN(t, "4k4/9/4P4/9/9/9/9/9/9 b G 1")
	r, err := Rate(dfpn.New(4), pos, dfpn.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Line) != 1 || r.Line[0].String() != "G*5b" {
		t.Errorf("line %v, want G*5b", r.Line)
	}
	if r.Root.Updates != 0 || r.Score != 1 || !r.Shortest {
		t.Errorf("updates %d score %v, want 0 and 1", r.Root.Updates, r.Score)
	}
}

// TestRateProblems: on the first mates in seven of testdata, the root's
// numbers are recorded (updates, PN max at least its mean, finite
// values), the line has an odd length (five or seven plies: the file is
// of strict mates in seven, tsume rules may be shorter) and the score is
// finite.
func TestRateProblems(t *testing.T) {
	f, err := os.Open("../testdata/mate/mate7.sfen")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	s := dfpn.New(16)
	for n := 0; n < 6 && sc.Scan(); n++ {
		pos := mustSFEN(t, sc.Text())
		r, err := Rate(s, pos, dfpn.Limits{Nodes: 2_000_000})
		if err != nil {
			t.Fatalf("problem %d: %v", n, err)
		}
		st := r.Root
		switch {
		case r.Features.Plies != len(r.Line) || len(r.Line)%2 == 0:
			t.Errorf("problem %d: %d plies, line %d", n, r.Features.Plies, len(r.Line))
		case st.Updates == 0 || st.Nodes == 0:
			t.Errorf("problem %d: %+v, want updates and nodes", n, st)
		case float64(st.PNMax) < st.PNMean || float64(st.DNMax) < st.DNMean || st.PNMean < 1 || st.DNMean < 1:
			t.Errorf("problem %d: %+v: a mean above its max, or below 1", n, st)
		case st.PNMax >= dfpn.Infinite-1 || st.DNMax >= dfpn.Infinite-1:
			t.Errorf("problem %d: %+v: a max not finite", n, st)
		case math.IsNaN(r.Score) || math.IsInf(r.Score, 0) || r.Score < math.Log2(1+float64(len(r.Line))):
			t.Errorf("problem %d: score %v", n, r.Score)
		}
		t.Logf("problem %d: %d plies, score %.2f, root %+v, features %+v", n, len(r.Line), r.Score, st, r.Features)
	}
}
