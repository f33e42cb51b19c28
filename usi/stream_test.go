package usi

import (
	"io"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gomate/dfpn"
	"gomate/position"
	"gomate/usi/usiclient"
)

// TestGoMateStreamsMultiPV: go mate writes the main line as soon as the
// main search returns and each other mating first move as soon as its
// search returns, while the next search still runs; the note and the one
// checkmate line come after them.
func TestGoMateStreamsMultiPV(t *testing.T) {
	seen1, seen2 := make(chan struct{}), make(chan struct{})
	_, h := startFake(t, func(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
		switch len(opt.ExcludeRootMoves) {
		case 1: // the second line waits until the test has seen the first
			if !gate(seen1, lim) {
				return dfpn.Result{Reason: "gate"}
			}
		case 2: // the third search waits until the second line is out
			if !gate(seen2, lim) {
				return dfpn.Result{Reason: "gate"}
			}
			return dfpn.Result{Status: dfpn.NoMate}
		}
		return solveMates1(pos, opt, lim)
	})
	h.Send("setoption name MultiPV value 3", "position sfen "+fourMates, "go mate infinite")
	got := h.UntilFunc("multipv 1", isScore, wait)
	close(seen1)
	got = append(got, h.UntilFunc("multipv 2", isScore, wait)...)
	if n := usiclient.Count(got, "checkmate"); n != 0 {
		t.Fatalf("checkmate before the follow-up ended: %q", got)
	}
	close(seen2)
	got = append(got, h.Until("checkmate", wait)...)
	pvs := checkMultiPV(t, fourMates, got, 2, dfpn.Strict)
	n := len(got)
	if got[n-2] != "info string MultiPV: 2 of 3 lines; no other first move mates" || got[n-1] != "checkmate "+pvs[0][0].String() {
		t.Errorf("got %q", got)
	}
	h.Send("stop")
	h.Quiet(100*time.Millisecond, "checkmate", "bestmove")
}

// TestStubbornFollowUp: when the follow-up work ignores stop, the answer
// after the stop grace is the main line already printed.
func TestStubbornFollowUp(t *testing.T) {
	f := &fakeSolver{solve: func(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
		if len(opt.ExcludeRootMoves) > 0 {
			time.Sleep(400 * time.Millisecond) // ignores the stop flag
			return dfpn.Result{Status: dfpn.NoMate}
		}
		return solveMate1(pos, opt, lim)
	}}
	cfg := f.config()
	cfg.StopGrace = 50 * time.Millisecond
	h := startServer(t, cfg)
	h.Send("setoption name MultiPV value 2", "position sfen "+mate1Black, "go mate infinite")
	h.UntilFunc("the main line", isScore, wait)
	h.Send("stop")
	got := h.Until("checkmate", wait)
	verifyCheckmate(t, mate1Black, got[len(got)-1], false)
	// The late note is dropped, the next problem waits for the search.
	h.Send("setoption name MultiPV value 1", "position sfen "+mate1Other, "go mate 1000")
	got = h.Until("checkmate", wait)
	verifyCheckmate(t, mate1Other, got[len(got)-1], false)
	for _, l := range got {
		if strings.Contains(l, "MultiPV") {
			t.Errorf("late note printed: %q", l)
		}
	}
}

// holdingWriter holds the write of the first line containing mark until
// release is closed, after telling held: a test can then make reports pile
// up in the server's channels while the loop is busy.
type holdingWriter struct {
	w       io.Writer
	mark    string
	held    chan struct{}
	release chan struct{}
	done    atomic.Bool
}

func (hw *holdingWriter) Write(p []byte) (int, error) {
	if strings.Contains(string(p), hw.mark) && !hw.done.Swap(true) {
		close(hw.held)
		select {
		case <-hw.release:
		case <-time.After(wait):
		}
	}
	return hw.w.Write(p)
}

// TestNoStaleProgressAfterFinalLine: a progress report made just before
// the main search returned, still in its channel when the main result is
// handled, is never printed after the final line. The loop is held in a
// write while the late report and the main result arrive, so that both
// wait in their channels when it selects again; over many rounds a select
// picks the main result first in about half of them.
func TestNoStaleProgressAfterFinalLine(t *testing.T) {
	for round := 0; round < 30; round++ {
		hw := &holdingWriter{mark: "nodes 1111 ", held: make(chan struct{}), release: make(chan struct{})}
		f := &fakeSolver{solve: func(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
			if len(opt.ExcludeRootMoves) > 0 {
				// The main result was sent before this search began.
				close(hw.release)
				return dfpn.Result{Status: dfpn.NoMate}
			}
			lim.Progress(dfpn.Info{Nodes: 1111, Elapsed: time.Second})
			select {
			case <-hw.held:
			case <-time.After(wait):
			}
			lim.Progress(dfpn.Info{Nodes: 2222, Elapsed: 2 * time.Second})
			r := solveMate1(pos, opt, lim)
			r.Nodes = 3333
			return r
		}}
		h := startServerOut(t, f.config(), func(w io.Writer) io.Writer { hw.w = w; return hw })
		h.Send("setoption name MultiPV value 2", "position sfen "+mate1Black, "go mate infinite")
		got := h.Until("checkmate", wait)
		all := h.Taken()
		final := slices.IndexFunc(all, func(l string) bool { return strings.Contains(l, " nodes 3333 ") && isScore(l) })
		stale := slices.IndexFunc(all, func(l string) bool { return strings.Contains(l, " nodes 2222 ") })
		if final < 0 || !slices.ContainsFunc(all[:final], func(l string) bool { return strings.Contains(l, " nodes 1111 ") }) {
			t.Fatalf("round %d: no progress line then final line: %q", round, all)
		}
		if stale > final {
			t.Fatalf("round %d: progress after the final line: %q", round, all)
		}
		verifyCheckmate(t, mate1Black, got[len(got)-1], false)
		h.in.Close()
	}
}
