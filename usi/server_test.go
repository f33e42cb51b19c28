package usi

import (
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gomate/dfpn"
	"gomate/position"
	"gomate/usi/usiclient"
)

// TestHandshake: usi gets the engine's name and author first, then its
// options (these among them), then usiok, and allocates nothing.
func TestHandshake(t *testing.T) {
	f, h := startFake(t, solveMate1)
	hello := h.Handshake()
	got := hello.Lines
	if got[0] != "id name gomate" || got[1] != "id author the gomate authors" {
		t.Errorf("first lines %q, want the name and the author", got[:2])
	}
	// Threads defaults to the number of cores, at most 256.
	options := `option name USI_Hash type spin default 256 min 1 max
option name USI_Ponder type check default false
option name Threads type spin default ` + strconv.Itoa(min(runtime.NumCPU(), 256)) + ` min 1 max 256
option name NodesLimit type spin default 0 min 0 max
option name PvInterval type spin default 1000 min 0 max
option name DefenderToMove type check default false
option name FirstMate type check default false
option name Rules type combo default tsume var tsume var strict
option name MultiPV type spin default 1 min 1 max 16
option name CheckAlternatives type check default false`
	for _, opt := range strings.Split(options, "\n") {
		if !slices.ContainsFunc(hello.Options, func(o string) bool { return strings.HasPrefix(o, opt) }) {
			t.Errorf("missing %q in\n%s", opt, strings.Join(got, "\n"))
		}
	}
	if sizes, _, _ := f.calls(); len(sizes) != 0 {
		t.Errorf("usi allocated the table: %v", sizes)
	}
}

// TestShogiHomeSequence runs ShogiHome's exact command sequence against
// the real solver on mate-in-one positions, for both colours.
func TestShogiHomeSequence(t *testing.T) {
	for _, sfen := range []string{mate1Black, mate1White} {
		h := startServer(t, Config{})
		h.Send("usi")
		h.Until("usiok", wait)
		h.Send("setoption name USI_Hash value 16",
			"setoption name USI_Ponder value true",
			"setoption name SomeString value ")
		h.Sync()
		h.Send("usinewgame", "position sfen "+sfen, "go mate infinite")
		got := h.Until("checkmate", wait)
		verifyCheckmate(t, sfen, got[len(got)-1], false)
		h.Quiet(100*time.Millisecond, "checkmate", "bestmove")
		h.Send("quit")
		if !h.exited(time.Second) {
			t.Fatal("no exit after quit")
		}
	}
}

// TestOneAnswerPerGoMate: every go mate gets exactly one checkmate line of
// the right kind, whatever the solver does, and never a bestmove.
func TestOneAnswerPerGoMate(t *testing.T) {
	illegal := func(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
		// 1a1b is not a legal move in mate1Black: the line must be rejected.
		m, _ := mustPos(t, position.StartSFEN).ParseMove("7g7f")
		return dfpn.Result{Status: dfpn.Mate, PV: []position.Move{m}}
	}
	notMate := func(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
		var buf [position.MaxMoves]position.Move
		return dfpn.Result{Status: dfpn.Mate, PV: pos.GenerateChecks(buf[:0])[:1]}
	}
	cases := []struct {
		name  string
		solve func(*position.Position, dfpn.Options, dfpn.Limits) dfpn.Result
		sfen  string
		stop  bool
		want  string // "mate" = a verified line
	}{
		{"mate", solveMate1, mate1Black, false, "mate"},
		{"mate white", solveMate1, mate1White, false, "mate"},
		{"unknown", solveMate1, position.StartSFEN, false, "checkmate timeout"},
		{"nomate", func(*position.Position, dfpn.Options, dfpn.Limits) dfpn.Result {
			return dfpn.Result{Status: dfpn.NoMate}
		}, position.StartSFEN, false, "checkmate nomate"},
		{"stopped undecided", untilStopped, mate1Black, true, "checkmate timeout"},
		{"proved before stop", mateWhenStopped, mate1Black, true, "mate"},
		{"illegal line", illegal, mate1Black, false, "checkmate timeout"},
		{"check that is not mate", notMate, mate1Black, false, "checkmate timeout"},
		{"solver panics", func(*position.Position, dfpn.Options, dfpn.Limits) dfpn.Result {
			panic("boom")
		}, mate1Black, false, "checkmate timeout"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, h := startFake(t, c.solve)
			h.Send("position sfen "+c.sfen, "go mate infinite")
			if c.stop {
				h.Quiet(50*time.Millisecond, "checkmate", "bestmove")
				h.Send("stop")
			}
			got := h.Until("checkmate", wait)
			answer := got[len(got)-1]
			if c.want == "mate" {
				verifyCheckmate(t, c.sfen, answer, false)
			} else if answer != c.want {
				t.Errorf("answer %q, want %q (lines %q)", answer, c.want, got)
			}
			// A stop after the answer, and a later isready, add nothing.
			h.Send("stop")
			rest := h.Sync()
			h.Quiet(50*time.Millisecond, "checkmate", "bestmove")
			for _, l := range append(got, rest...) {
				if strings.HasPrefix(l, "bestmove") {
					t.Errorf("bestmove for go mate: %q", l)
				}
			}
			if n := usiclient.Count(rest, "checkmate"); n != 0 {
				t.Errorf("%d extra checkmate lines: %q", n, rest)
			}
			// The server still works (a panicking solver is replaced).
			f.solve = solveMate1
			h.Send("position sfen "+mate1Other, "go mate 1000")
			got = h.Until("checkmate", wait)
			verifyCheckmate(t, mate1Other, got[len(got)-1], false)
		})
	}
}

func TestGoMateTimeLimit(t *testing.T) {
	f, h := startFake(t, untilStopped)
	h.Send("position startpos")
	start := time.Now()
	h.Send("go mate 300")
	got := h.Until("checkmate", wait)
	d := time.Since(start)
	if got[len(got)-1] != "checkmate timeout" {
		t.Errorf("got %q", got)
	}
	if d < 250*time.Millisecond || d > 2*time.Second {
		t.Errorf("answered after %v, want about 300ms", d)
	}
	if _, _, lims := f.calls(); lims[0].Time != 300*time.Millisecond {
		t.Errorf("solver got Time %v", lims[0].Time)
	}
}

// TestBackstop: a solver that ignores its time limit is stopped shortly
// after it.
func TestBackstop(t *testing.T) {
	_, h := startFake(t, func(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
		lim.Time = 0
		return untilStopped(pos, opt, lim)
	})
	h.Send("position startpos")
	start := time.Now()
	h.Send("go mate 100")
	got := h.Until("checkmate", wait)
	if d := time.Since(start); got[len(got)-1] != "checkmate timeout" || d > time.Second {
		t.Errorf("got %q after %v", got, d)
	}
}

// TestStubbornSearch: a search that ignores stop is answered for after the
// grace period, its late result is dropped, and the next position gets its
// own answer.
func TestStubbornSearch(t *testing.T) {
	var late atomic.Bool
	f := &fakeSolver{}
	f.solve = func(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
		if pos.SFEN() != mustPos(t, mate1Black).SFEN() {
			return solveMate1(pos, opt, lim)
		}
		time.Sleep(400 * time.Millisecond) // ignores the stop flag
		lim.Progress(dfpn.Info{Nodes: 1})  // a late report: must not show
		late.Store(true)
		return solveMate1(pos, opt, lim) // a late mate for the old position
	}
	cfg := f.config()
	cfg.StopGrace = 50 * time.Millisecond
	h := startServer(t, cfg)
	h.Send("position sfen "+mate1Black, "go mate infinite")
	h.Quiet(50*time.Millisecond, "checkmate")
	start := time.Now()
	h.Send("stop")
	got := h.Until("checkmate", wait)
	if got[len(got)-1] != "checkmate timeout" || time.Since(start) > 300*time.Millisecond {
		t.Fatalf("got %q after %v", got, time.Since(start))
	}
	// While the old search winds down, isready is answered at once, and a
	// new problem waits for it.
	h.Send("position sfen "+mate1Other, "go mate infinite")
	h.Sync()
	if late.Load() {
		t.Fatal("isready waited for the stubborn search")
	}
	got = h.Until("checkmate", wait)
	verifyCheckmate(t, mate1Other, got[len(got)-1], false)
	for _, l := range got {
		if strings.HasPrefix(l, "info time") && strings.Contains(l, "nodes 1 ") {
			t.Errorf("late progress printed: %q", l)
		}
	}
	h.Quiet(100*time.Millisecond, "checkmate")
}

func TestIsreadyDuringSearch(t *testing.T) {
	_, h := startFake(t, untilStopped)
	h.Sync()
	h.Send("position startpos", "go mate infinite")
	time.Sleep(20 * time.Millisecond)
	start := time.Now()
	before := h.Sync()
	if d := time.Since(start); d > 200*time.Millisecond {
		t.Errorf("readyok after %v", d)
	}
	if n := usiclient.Count(before, "checkmate"); n != 0 {
		t.Errorf("answered before stop: %q", before)
	}
	h.Send("stop")
	got := h.Until("checkmate", wait)
	if got[len(got)-1] != "checkmate timeout" {
		t.Errorf("got %q", got)
	}
}

// TestGoDuringSearch: a new go while a search runs first answers the old
// one, then the new one, each exactly once.
func TestGoDuringSearch(t *testing.T) {
	f := &fakeSolver{}
	f.solve = func(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
		if pos.SFEN() == mustPos(t, position.StartSFEN).SFEN() {
			return untilStopped(pos, opt, lim)
		}
		return solveMate1(pos, opt, lim)
	}
	h := startServer(t, f.config())
	h.Send("position startpos", "go mate infinite")
	h.Quiet(30*time.Millisecond, "checkmate")
	h.Send("position sfen "+mate1Black, "go mate infinite")
	got := h.Until("checkmate", wait)
	if got[len(got)-1] != "checkmate timeout" {
		t.Errorf("first answer %q", got)
	}
	got = h.Until("checkmate", wait)
	verifyCheckmate(t, mate1Black, got[len(got)-1], false)
	h.Quiet(100*time.Millisecond, "checkmate")
}

func TestQuitDuringSearch(t *testing.T) {
	for _, stubborn := range []bool{false, true} {
		f := &fakeSolver{solve: untilStopped}
		if stubborn {
			f.solve = func(*position.Position, dfpn.Options, dfpn.Limits) dfpn.Result {
				time.Sleep(3 * time.Second)
				return dfpn.Result{}
			}
		}
		cfg := f.config()
		cfg.QuitGrace = 100 * time.Millisecond
		h := startServer(t, cfg)
		h.Send("position startpos", "go mate infinite")
		time.Sleep(20 * time.Millisecond)
		h.Send("quit")
		if !h.exited(time.Second) {
			t.Fatalf("stubborn=%v: no exit within 1s of quit", stubborn)
		}
	}
}

// TestQuitRightAfterGo: commands piped in one go (a script) still get the
// answer of a search that ends at once, exactly one.
func TestQuitRightAfterGo(t *testing.T) {
	for i := 0; i < 20; i++ {
		_, h := startFake(t, solveMate1)
		h.Send("position sfen "+mate1Black, "go mate infinite", "quit")
		if !h.exited(time.Second) {
			t.Fatal("no exit after quit")
		}
		got := h.Collect(wait) // up to the end of the output
		if usiclient.Count(got, "checkmate") != 1 {
			t.Fatalf("got %q", got)
		}
		verifyCheckmate(t, mate1Black, got[slices.IndexFunc(got, usiclient.IsCheckmate)], false)
	}
}

func TestEOFDuringSearch(t *testing.T) {
	_, h := startFake(t, untilStopped)
	h.Send("position startpos", "go mate infinite")
	time.Sleep(20 * time.Millisecond)
	h.CloseInput()
	if !h.exited(time.Second) {
		t.Fatal("no exit within 1s of EOF")
	}
}

func TestGoWithoutPosition(t *testing.T) {
	_, h := startFake(t, solveMate1)
	h.Send("go mate 1000")
	got := h.Until("checkmate", wait)
	if strings.Join(got, "|") != "info string no position set|checkmate timeout" {
		t.Errorf("got %q", got)
	}
	h.Send("go")
	got = h.Until("bestmove", wait)
	if strings.Join(got, "|") != "info string no position set|bestmove resign" {
		t.Errorf("got %q", got)
	}
	// A bad position clears the previous one.
	h.Send("position sfen "+mate1Black, "position sfen garbage", "go mate")
	got = h.Until("checkmate", wait)
	if len(got) != 3 || !strings.HasPrefix(got[0], "info string ") || got[1] != "info string no position set" || got[2] != "checkmate timeout" {
		t.Errorf("got %q", got)
	}
}

// TestBadInput: each malformed command gets exactly one info string, and
// the server goes on solving.
func TestBadInput(t *testing.T) {
	cases := []struct{ name, line string }{
		{"bad sfen", "position sfen xyz b - 1"},
		{"sfen too short", "position sfen 9/9/9 b"},
		{"illegal move", "position startpos moves 7g7f 7g7f"},
		{"bad move text", "position startpos moves zz"},
		{"junk after sfen", "position sfen " + mate1Black + " junk"},
		{"position alone", "position"},
		{"position other", "position fen x"},
		{"unknown command", "hello world"},
		{"binary junk", "\x00\x01\xff\xfe garbage \x7f"},
		{"setoption no name", "setoption USI_Hash value 5"},
		{"setoption empty name", "setoption name"},
		{"hash text", "setoption name USI_Hash value abc"},
		{"hash negative", "setoption name USI_Hash value -5"},
		{"hash absurd", "setoption name USI_Hash value 99999999999"},
		{"hash beyond int64", "setoption name USI_Hash value 99999999999999999999999"},
		{"hash empty", "setoption name USI_Hash value "},
		{"ponder bad", "setoption name USI_Ponder value maybe"},
		{"nodes negative", "setoption name NodesLimit value -1"},
		{"pv interval text", "setoption name PvInterval value 1s"},
		{"unknown option", "setoption name Hash value 4"},
		{"go bad nodes", "go nodes x mate 1000"},
		{"very long line", strings.Repeat("x", maxLine+10)},
	}
	_, h := startFake(t, solveMate1)
	for _, c := range cases {
		h.Send(c.line)
		got := h.Sync()
		if c.name == "go bad nodes" {
			got = got[:len(got)-2] // "no position set" and the timeout answer
		}
		if len(got) != 1 || !strings.HasPrefix(got[0], "info string ") {
			t.Errorf("%s: got %q, want one info string", c.name, got)
		}
	}
	for _, line := range []string{"", "   ", "\t", "\r"} {
		h.Send(line)
		if got := h.Sync(); len(got) != 0 {
			t.Errorf("blank line %q: got %q", line, got)
		}
	}
	h.Send("setoption name usi_hash value 16", "position sfen "+mate1Black, "go mate 1000")
	got := h.Until("checkmate", wait)
	verifyCheckmate(t, mate1Black, got[len(got)-1], false)
}

func TestHashAllocatedAtIsready(t *testing.T) {
	f := &fakeSolver{solve: solveMate1}
	cfg := f.config()
	cfg.MemoryMB = func() int { return 1000 }
	h := startServer(t, cfg)
	h.Send("usi")
	h.Until("usiok", wait)
	h.Send("setoption name USI_Hash value 64")
	h.Sync()
	h.Sync()
	h.Send("setoption name USI_HASH value 128")
	h.Sync()
	if got := h.Sync(); len(got) != 0 {
		t.Errorf("second isready printed %q", got)
	}
	h.Send("setoption name USI_Hash value 99999999999")
	if got := h.Sync(); len(got) != 1 || !strings.Contains(got[0], "using 1000") {
		t.Errorf("clamp message %q", got)
	}
	if sizes, _, _ := f.calls(); !slices.Equal(sizes, []int{64, 128, 1000}) {
		t.Errorf("sizes %v, want [64 128 1000]", sizes)
	}
}

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
		h.CloseInput()
	}
}
