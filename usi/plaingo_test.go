package usi

import (
	"slices"
	"strings"
	"testing"
	"time"

	"gomate/dfpn"
	"gomate/position"
	"gomate/usi/usiclient"
)

// mate1 is the mating move of mate1Black, as the plain go tests expect
// it in the pv and as bestmove.
func mate1(t *testing.T) string {
	t.Helper()
	return mustPos(t, mate1Black).Mate1().String()
}

// TestPlainGo: go (not mate) answers like KomoringHeights: a mate score and
// the first move as bestmove, or resign.
func TestPlainGo(t *testing.T) {
	_, h := startFake(t, solveMate1)
	mate := mate1(t)

	h.Send("position sfen "+mate1Black, "go btime 1000 wtime 1000 byoyomi 1000")
	got := h.Until("bestmove", wait)
	if got[len(got)-1] != "bestmove "+mate {
		t.Errorf("got %q", got)
	}
	if !strings.HasSuffix(got[len(got)-2], "depth 1 score mate 1 pv "+mate) {
		t.Errorf("no mate score before bestmove: %q", got)
	}
	if n := usiclient.Count(got, "checkmate"); n != 0 {
		t.Errorf("checkmate line for a plain go: %q", got)
	}

	h.Send("position startpos", "go")
	got = h.Until("bestmove", wait)
	if got[len(got)-1] != "bestmove resign" {
		t.Errorf("got %q", got)
	}
}

// TestGoInfiniteWaitsForStop: go infinite writes its final info line (the
// mate score and pv) as soon as the search returns, and holds only
// bestmove until stop; stop then writes bestmove alone.
func TestGoInfiniteWaitsForStop(t *testing.T) {
	_, h := startFake(t, solveMate1)
	mate := mate1(t)
	h.Send("position sfen "+mate1Black, "go infinite")
	got := h.UntilFunc("the mate score", func(l string) bool { return strings.Contains(l, " score mate ") }, wait)
	if l := got[len(got)-1]; !strings.HasPrefix(l, "info time ") || !strings.HasSuffix(l, " depth 1 score mate 1 pv "+mate) {
		t.Errorf("final line %q", l)
	}
	if n := usiclient.Count(got, "bestmove"); n != 0 {
		t.Errorf("bestmove before stop: %q", got)
	}
	h.Quiet(150*time.Millisecond, "bestmove")
	h.Sync() // isready while holding the answer
	h.Send("stop")
	if got := h.Until("bestmove", wait); !slices.Equal(got, []string{"bestmove " + mate}) {
		t.Errorf("after stop: %q, want the bestmove alone", got)
	}
	h.Send("stop")
	h.Quiet(100*time.Millisecond, "bestmove")

	// A new go while one is held answers the held one first.
	h.Send("go infinite")
	h.UntilFunc("the mate score", func(l string) bool { return strings.Contains(l, " score mate ") }, wait)
	h.Send("position startpos", "go mate 100")
	got = h.Until("checkmate", wait)
	if usiclient.Count(got, "bestmove "+mate) != 1 || got[len(got)-1] != "checkmate timeout" {
		t.Errorf("got %q", got)
	}
}

// TestGoInfiniteNoMateAtOnce: a proven "no mate" in go infinite is said at
// once (the statistics and "info string no mate: proven", no made-up
// score), and bestmove resign waits for stop.
func TestGoInfiniteNoMateAtOnce(t *testing.T) {
	_, h := startFake(t, func(*position.Position, dfpn.Options, dfpn.Limits) dfpn.Result {
		return dfpn.Result{Status: dfpn.NoMate, Nodes: 1234, Elapsed: time.Second}
	})
	h.Send("position startpos", "go infinite")
	got := h.Until("info string no mate: proven", wait)
	if len(got) != 2 || got[0] != "info time 1000 nodes 1234 nps 1234 hashfull 7" {
		t.Errorf("got %q, want the statistics and the proof", got)
	}
	h.Quiet(150*time.Millisecond, "bestmove", "info")
	h.Send("stop")
	if got := h.Until("bestmove", wait); !slices.Equal(got, []string{"bestmove resign"}) {
		t.Errorf("after stop: %q", got)
	}
	for _, l := range h.Taken() {
		if strings.Contains(l, "score") {
			t.Errorf("a score for no mate: %q", l)
		}
	}
}

// TestPonder: go ponder holds bestmove until ponderhit, then searches
// within the move's budget; a search that finished has written its lines
// already.
func TestPonder(t *testing.T) {
	f, h := startFake(t, untilStopped)
	h.Send("position startpos", "go ponder btime 0 wtime 0 byoyomi 300")
	h.Quiet(100*time.Millisecond, "bestmove")
	start := time.Now()
	h.Send("ponderhit")
	got := h.Until("bestmove", wait)
	if d := time.Since(start); got[len(got)-1] != "bestmove resign" || d < 150*time.Millisecond || d > 2*time.Second {
		t.Errorf("got %q after %v", got, d)
	}
	// A finished ponder search: its line is out before ponderhit, which
	// writes the bestmove alone.
	f.solve = solveMate1
	h.Send("position sfen "+mate1Black, "go ponder")
	got = h.UntilFunc("the mate score", isScore, wait)
	mate := mate1(t)
	if l := got[len(got)-1]; !strings.HasSuffix(l, " depth 1 score mate 1 pv "+mate) {
		t.Errorf("final line %q", l)
	}
	h.Quiet(100*time.Millisecond, "bestmove")
	h.Send("ponderhit")
	if got := h.Until("bestmove", wait); !slices.Equal(got, []string{"bestmove " + mate}) {
		t.Errorf("after ponderhit: %q, want the bestmove alone", got)
	}
}

// TestDefenderToMove: with the option, the side to move is the defender:
// the line starts with its move and the score is negative.
func TestDefenderToMove(t *testing.T) {
	root, line := defenderLine(t)
	_, h := startFake(t, func(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
		if !opt.RootIsDefender {
			return dfpn.Result{}
		}
		return dfpn.Result{Status: dfpn.Mate, PV: line, Shortest: true}
	})
	h.Send("setoption name DefenderToMove value true", "position sfen "+root.SFEN(), "go mate")
	got := h.Until("checkmate", wait)
	verifyCheckmate(t, root.SFEN(), got[len(got)-1], true)
	h.Send("go")
	got = h.Until("bestmove", wait)
	if got[len(got)-1] != "bestmove "+line[0].String() || !strings.Contains(got[len(got)-2], "score mate -2 pv ") {
		t.Errorf("got %q", got)
	}
}

// TestOptionsReachTheSolver: FirstMate, DefenderToMove, NodesLimit and the
// go command's own nodes.
func TestOptionsReachTheSolver(t *testing.T) {
	f, h := startFake(t, solveMate1)
	h.Send("setoption name FirstMate value true", "setoption name NodesLimit value 5000",
		"setoption name PvInterval value 0", "position startpos", "go mate 700")
	h.Until("checkmate", wait)
	h.Send("go nodes 42 mate infinite")
	h.Until("checkmate", wait)
	h.Send("setoption name FirstMate value false", "setoption name DefenderToMove value true", "go mate")
	h.Until("checkmate", wait)
	_, opts, lims := f.calls()
	if len(opts) != 3 {
		t.Fatalf("%d searches", len(opts))
	}
	if !opts[0].FirstMate || opts[0].RootIsDefender || lims[0].Nodes != 5000 || lims[0].Time != 700*time.Millisecond || lims[0].Progress != nil {
		t.Errorf("first search: %+v %+v", opts[0], lims[0])
	}
	if lims[1].Nodes != 42 || lims[1].Time != 0 {
		t.Errorf("second search: %+v", lims[1])
	}
	if opts[2].FirstMate || !opts[2].RootIsDefender || lims[2].Stop == nil {
		t.Errorf("third search: %+v %+v", opts[2], lims[2])
	}
}

// TestProgress: progress reports become info lines with the statistics and,
// when a line is known and checks out, the score and pv last.
func TestProgress(t *testing.T) {
	mate := mustPos(t, mate1Black).Mate1()
	_, h := startFake(t, func(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
		if lim.Progress == nil || lim.ProgressInterval != 250*time.Millisecond {
			return dfpn.Result{Reason: "bad progress settings"}
		}
		lim.Progress(dfpn.Info{Nodes: 2000, Elapsed: 2 * time.Second, Hashfull: 12})
		time.Sleep(20 * time.Millisecond)
		lim.Progress(dfpn.Info{Nodes: 3000, Elapsed: 3 * time.Second, Hashfull: 13, PV: []position.Move{mate}})
		time.Sleep(20 * time.Millisecond)
		lim.Progress(dfpn.Info{Nodes: 4000, Elapsed: 4 * time.Second, PV: []position.Move{position.PassMove}})
		time.Sleep(20 * time.Millisecond)
		for n := uint64(5000); n <= 7000; n += 1000 {
			// The length proof's frontier: written once, when it moves.
			lim.Progress(dfpn.Info{Nodes: n, Elapsed: time.Duration(n) * time.Millisecond, Proving: 9, ProvenFrom: 4})
			time.Sleep(20 * time.Millisecond)
		}
		return untilStopped(pos, opt, lim)
	})
	h.Send("setoption name PvInterval value 250", "position sfen "+mate1Black, "go mate infinite")
	h.Until("info time 7000", wait)
	h.Send("stop")
	got := h.Until("checkmate", wait)
	all := strings.Join(h.Taken(), "\n")
	for _, want := range []string{
		"info time 2000 nodes 2000 nps 1000 hashfull 12\n",
		"info time 3000 nodes 3000 nps 1000 hashfull 13 depth 1 score mate 1 pv " + mate.String() + "\n",
		"info time 4000 nodes 4000 nps 1000 hashfull 0\n", // the bad line is left out
	} {
		if !strings.Contains(all+"\n", want) {
			t.Errorf("missing %q in\n%s", want, all)
		}
	}
	if got[len(got)-1] != "checkmate timeout" {
		t.Errorf("got %q", got)
	}
	if n := strings.Count(all, "info string length proof of 9 plies: complete from ply 4 of the line on\n"); n != 1 {
		t.Errorf("the frontier written %d times, want once, in\n%s", n, all)
	}
}

// defenderLine builds a position with the defender (white) to move and a
// two-ply line: a white move, then black's mate in one. It takes
// mate1Black with white to move and looks for a white move after which the
// mate still works.
func defenderLine(t *testing.T) (*position.Position, []position.Move) {
	t.Helper()
	sfen := mate1Black
	root := mustPos(t, sfen[:len(sfen)-len("b P4pn2s2gb 1")]+"w P4pn2s2gb 1")
	var buf [position.MaxMoves]position.Move
	for _, d := range root.GenerateLegal(buf[:0]) {
		q := root.Clone()
		q.DoMove(d)
		if m := q.Mate1(); m != position.NoMove {
			return root, []position.Move{d, m}
		}
	}
	t.Fatal("no defender line found")
	return nil, nil
}

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
	mate := mate1(t)
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
			mate := mate1(t)
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
