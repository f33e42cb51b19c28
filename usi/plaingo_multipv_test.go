package usi

import (
	"slices"
	"strings"
	"testing"
	"time"

	"gomate/dfpn"
	"gomate/usi/usiclient"
)

// TestPlainGoMultiPVInfinite: with MultiPV 3, go infinite shows three
// mating first moves as multipv lines before any stop, the searches for the
// others have no time limit of their own (only stop ends them), and stop
// gives the main line's first move as bestmove.
func TestPlainGoMultiPVInfinite(t *testing.T) {
	f, h := startFake(t, solveMates1)
	h.Send("setoption name MultiPV value 3", "position sfen "+fourMates, "go infinite")
	var got []string
	for i := 0; i < 3; i++ {
		got = append(got, h.UntilFunc("a multipv line", isScore, wait)...)
	}
	pvs := checkMultiPV(t, fourMates, got, 3, dfpn.Strict)
	if n := usiclient.Count(got, "bestmove"); n != 0 {
		t.Errorf("bestmove before stop: %q", got)
	}
	h.Quiet(100*time.Millisecond, "bestmove", "info multipv")
	h.Send("stop")
	if got := h.Until("bestmove", wait); !slices.Equal(got, []string{"bestmove " + pvs[0][0].String()}) {
		t.Errorf("after stop: %q", got)
	}
	_, opts, lims := f.calls()
	if len(lims) != 3 {
		t.Fatalf("%d searches, want 3", len(lims))
	}
	for i, l := range lims[1:] {
		if l.Time != 0 || l.Stop == nil || l.Progress != nil || len(opts[i+1].ExcludeRootMoves) != i+1 {
			t.Errorf("extra search %d: %+v %+v", i+1, opts[i+1], l)
		}
	}
}

// TestPlainGoMultiPVTimed: a timed go shows the other mating first moves
// too, within what remains of the move's time budget, then bestmove with
// the main line's first move.
func TestPlainGoMultiPVTimed(t *testing.T) {
	f, h := startFake(t, solveMates1)
	h.Send("setoption name MultiPV value 5", "position sfen "+fourMates, "go btime 0 wtime 0 byoyomi 1000")
	got := h.Until("bestmove", wait)
	pvs := checkMultiPV(t, fourMates, got, 4, dfpn.Strict)
	if want := []string{"info string MultiPV: 4 of 5 lines; no other first move mates", "bestmove " + pvs[0][0].String()}; !slices.Equal(got[len(got)-2:], want) {
		t.Errorf("got %q, want it to end with %q", got, want)
	}
	_, _, lims := f.calls()
	if len(lims) != 5 || lims[0].Time != 900*time.Millisecond {
		t.Fatalf("limits %+v", lims)
	}
	for i, l := range lims[1:] {
		if l.Time <= 0 || l.Time > lims[0].Time || l.Progress != nil {
			t.Errorf("extra search %d: %+v", i+1, l)
		}
	}

	// An extra search that does not finish is cut at the budget's end.
	f, h = startFake(t, mateThenBlock)
	h.Send("setoption name MultiPV value 2", "position sfen "+mate1Black, "go btime 0 wtime 0 byoyomi 400")
	got = h.Until("bestmove", wait)
	mate := mustPos(t, mate1Black).Mate1().String()
	if want := []string{"info string MultiPV: 1 of 2 lines; the search for more ended undecided (time)", "bestmove " + mate}; !slices.Equal(got[len(got)-2:], want) {
		t.Errorf("got %q, want it to end with %q", got, want)
	}
	if _, _, lims := f.calls(); len(lims) != 2 || lims[1].Time <= 0 || lims[1].Time > 300*time.Millisecond {
		t.Errorf("limits %+v", lims)
	}
}

// TestPlainGoMultiPVHeld: go infinite, and go ponder, with MultiPV 2
// write the main line at once and search for another first move with no
// time limit of their own, however long; bestmove waits for stop (or for
// ponderhit, after which that search ends at the budget), which ends that
// search, says so, and answers the main line's first move.
func TestPlainGoMultiPVHeld(t *testing.T) {
	for _, c := range []struct {
		goCmd, end string
		quiet      time.Duration
	}{
		{"go infinite", "stop", minFollowUpTime + 200*time.Millisecond},
		{"go ponder btime 0 wtime 0 byoyomi 300", "ponderhit", 150 * time.Millisecond},
	} {
		t.Run(c.end, func(t *testing.T) {
			f, h := startFake(t, mateThenBlock)
			mate := mustPos(t, mate1Black).Mate1().String()
			h.Send("setoption name MultiPV value 2", "position sfen "+mate1Black, c.goCmd)
			got := h.UntilFunc("the main line", isScore, wait)
			if l := got[len(got)-1]; !strings.HasSuffix(l, " multipv 1 depth 1 score mate 1 pv "+mate) {
				t.Errorf("main line %q", l)
			}
			h.Quiet(c.quiet, "info", "bestmove")
			h.Send(c.end)
			got = h.Until("bestmove", wait)
			if want := []string{"info string MultiPV: 1 of 2 lines; the search for more ended undecided (stopped)", "bestmove " + mate}; !slices.Equal(got, want) {
				t.Errorf("after %s: %q, want %q", c.end, got, want)
			}
			if _, _, lims := f.calls(); len(lims) != 2 || lims[1].Time != 0 {
				t.Errorf("limits %+v: the extra search of %s has no time limit of its own", lims, c.goCmd)
			}
		})
	}
}
