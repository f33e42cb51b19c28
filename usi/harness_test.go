package usi

import (
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"gomate/dfpn"
	"gomate/position"
	"gomate/usi/usiclient"
)

// Positions used by the in-process tests (from nshogi's mate-in-1 set).
const (
	// mate1Black: black to move mates in one (7i6g).
	mate1Black = "8l/G1+L6/1+R1g2n1p/ppsp2p2/2k2p2P/PP1P2P2/2S1RP3/4P4/LKN1B2NL b P4pn2s2gb 1"
	// mate1White: white to move mates in one.
	mate1White = "Kbg4nl/3sk1gs1/2n4pp/1G1p5/1pP4P1/4S4/P2PPG2P/1L7/LNS4NL w 7P2Rpb 1"
	// mate1Other: another black mate in one, for "the next position".
	mate1Other = "ln3+P1nl/1b3G1s1/p4+B1pp/6p2/2P5P/1P3P1k1/P5P2/2G2+pSK1/LN3G1NL b 4PG2p2s2r 1"
)

// wait is the longest any test waits for an expected line.
const wait = 5 * time.Second

// harness runs a Server in-process over pipes and talks to it with a
// usiclient.Test: every line the server writes is checked for the text
// rules GUIs depend on, and every wait fails the test after wait.
type harness struct {
	*usiclient.Test
	done chan error // Run's result
}

func startServer(t *testing.T, cfg Config) *harness {
	t.Helper()
	return startServerOut(t, cfg, nil)
}

// startServerOut is startServer with the server's writer wrapped by wrap
// (nil: not wrapped), so a test can hold the loop in a write.
func startServerOut(t *testing.T, cfg Config, wrap func(io.Writer) io.Writer) *harness {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	h := &harness{Test: usiclient.NewTest(t, usiclient.New(inW, outR), wait), done: make(chan error, 1)}
	var w io.Writer = outW
	if wrap != nil {
		w = wrap(outW)
	}
	srv := New(inR, w, cfg)
	go func() {
		err := srv.Run()
		outW.Close()
		inR.Close()
		h.done <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-h.done:
		case <-time.After(wait):
			t.Errorf("server did not return after the end of input")
		}
	})
	return h
}

// exited waits for Run to return.
func (h *harness) exited(d time.Duration) bool {
	select {
	case <-h.done:
		h.done <- nil // for the cleanup
		return true
	case <-time.After(d):
		return false
	}
}

// verifyCheckmate parses a checkmate line as ShogiHome does
// (usiclient.ParseCheckmate) and checks it is a mate from sfen under
// strict rules.
func verifyCheckmate(t *testing.T, sfen, line string, defender bool) {
	t.Helper()
	verifyMate(t, sfen, line, defender, dfpn.Strict)
}

// verifyTsume is verifyCheckmate under tsume rules (the default), whose
// mates may end with nothing but futile drops left to the defender.
func verifyTsume(t *testing.T, sfen, line string, defender bool) {
	t.Helper()
	verifyMate(t, sfen, line, defender, dfpn.Tsume)
}

func verifyMate(t *testing.T, sfen, line string, defender bool, rules dfpn.Rules) {
	t.Helper()
	kind, moves, err := usiclient.ParseCheckmate(line)
	if err != nil || kind != usiclient.KindMoves {
		t.Fatalf("not a mating checkmate line: %q (%v)", line, err)
	}
	p := mustPos(t, sfen)
	ms, err := p.ParseLine(moves)
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	if err := dfpn.VerifyMate(p, ms, defender, rules); err != nil {
		t.Fatalf("%q: %v", line, err)
	}
}

// mustPos parses an SFEN.
func mustPos(t *testing.T, sfen string) *position.Position {
	t.Helper()
	p, err := position.FromSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// solveFunc is what a fakeSolver does for Solve.
type solveFunc func(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result

// fakeSolver is a scripted Solver. It records the calls it gets.
type fakeSolver struct {
	solve solveFunc

	mu      sync.Mutex
	sizes   []int // the size of each New or Resize call
	options []dfpn.Options
	limits  []dfpn.Limits
}

func (f *fakeSolver) Solve(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
	f.mu.Lock()
	f.options = append(f.options, opt)
	f.limits = append(f.limits, lim)
	f.mu.Unlock()
	return f.solve(pos, opt, lim)
}

func (f *fakeSolver) Resize(mb int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sizes = append(f.sizes, mb)
}

func (f *fakeSolver) Hashfull() int { return 7 }

func (f *fakeSolver) calls() ([]int, []dfpn.Options, []dfpn.Limits) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]int(nil), f.sizes...), append([]dfpn.Options(nil), f.options...), append([]dfpn.Limits(nil), f.limits...)
}

// config returns a Config whose solver is f.
func (f *fakeSolver) config() Config {
	return Config{
		NewSolver: func(mb int) Solver { f.Resize(mb); return f },
		MemoryMB:  func() int { return 0 },
		StopGrace: 2 * time.Second,
	}
}

// startFake starts a server whose solver is a fakeSolver doing solve.
func startFake(t *testing.T, solve solveFunc) (*fakeSolver, *harness) {
	t.Helper()
	f := &fakeSolver{solve: solve}
	return f, startServer(t, f.config())
}

// Solve behaviours.

// solveMate1 answers at once: a mate in one if there is one, else unknown.
func solveMate1(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
	if m := pos.Mate1(); m != position.NoMove && !opt.RootIsDefender {
		return dfpn.Result{Status: dfpn.Mate, PV: []position.Move{m}, Shortest: true, Nodes: 10, Elapsed: time.Millisecond}
	}
	return dfpn.Result{Status: dfpn.Unknown, Reason: "no mate in one", Nodes: 10}
}

// untilStopped blocks until the stop flag or the time limit, then returns
// unknown: a search that never decides.
func untilStopped(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
	start := time.Now()
	for {
		if lim.Stop != nil && lim.Stop.Load() {
			return dfpn.Result{Status: dfpn.Unknown, Reason: "stopped", Nodes: 100, Elapsed: time.Since(start)}
		}
		if lim.Time > 0 && time.Since(start) >= lim.Time {
			return dfpn.Result{Status: dfpn.Unknown, Reason: "time", Nodes: 100, Elapsed: time.Since(start)}
		}
		time.Sleep(time.Millisecond)
	}
}

// mateWhenStopped blocks until stopped and then reports the mate in one it
// "proved" meanwhile: a line found before the stop must still be printed.
func mateWhenStopped(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
	for !lim.Stop.Load() {
		time.Sleep(time.Millisecond)
	}
	return solveMate1(pos, opt, lim)
}

// fourMates: black to move mates in one with G*7b, G*8b, S*7b and S*8b
// (a position of testdata/movegen/mate1.txt).
const fourMates = "lkb1+R4/9/p+Ln2p1pp/2K3p2/3P1g3/2Pp5/PP2P1P1P/1bS1G4/L1s4+rL b 5P2N2SGng 1"

// solveMates1 answers at once with a mate in one whose first move is not
// excluded, or "no mate" when there is none (a fake: it looks no deeper).
func solveMates1(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
	var buf [position.MaxMoves]position.Move
	for _, m := range pos.GenerateChecks(buf[:0]) {
		if slices.Contains(opt.ExcludeRootMoves, m) {
			continue
		}
		pos.DoMove(m)
		mate := pos.IsMate()
		pos.UndoMove()
		if mate {
			return dfpn.Result{Status: dfpn.Mate, PV: []position.Move{m}, Shortest: true, Nodes: 10, Elapsed: time.Millisecond}
		}
	}
	return dfpn.Result{Status: dfpn.NoMate, Nodes: 10}
}

// mateThenBlock finds the mate in one at once, and blocks in the searches
// that exclude root moves (MultiPV's) until stopped or out of time.
func mateThenBlock(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result {
	if len(opt.ExcludeRootMoves) == 0 {
		return solveMate1(pos, opt, lim)
	}
	return untilStopped(pos, opt, lim)
}

// gate blocks until ch is closed, the search is stopped, or (a safety
// net) wait has passed; it reports whether ch was closed.
func gate(ch <-chan struct{}, lim dfpn.Limits) bool {
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		select {
		case <-ch:
			return true
		case <-time.After(time.Millisecond):
		}
		if lim.Stop != nil && lim.Stop.Load() {
			return false
		}
	}
	return false
}

// isScore reports whether l is an info line with a mate score.
func isScore(l string) bool {
	return strings.HasPrefix(l, "info ") && strings.Contains(l, " score mate ")
}

// multiPVLines parses the "info ... multipv K ... pv ..." lines among lines:
// K and the moves, in the order printed.
func multiPVLines(t *testing.T, sfen string, lines []string) (ks []string, pvs [][]position.Move) {
	t.Helper()
	for _, l := range lines {
		f := strings.Split(l, " ")
		i := slices.Index(f, "multipv")
		if f[0] != "info" || i < 0 {
			continue
		}
		j := slices.Index(f, "pv")
		if j < 0 || i+1 >= len(f) {
			t.Fatalf("multipv line without pv: %q", l)
		}
		line, err := mustPos(t, sfen).ParseLine(f[j+1:])
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		ks = append(ks, f[i+1])
		pvs = append(pvs, line)
	}
	return ks, pvs
}

// checkMultiPV checks the multipv lines among lines: numbered 1..want in
// order, each a mate from sfen under rules, first moves all different.
// It returns their moves.
func checkMultiPV(t *testing.T, sfen string, lines []string, want int, rules dfpn.Rules) [][]position.Move {
	t.Helper()
	ks, pvs := multiPVLines(t, sfen, lines)
	if w := []string{"1", "2", "3", "4", "5"}[:want]; !slices.Equal(ks, w) {
		t.Fatalf("multipv numbers %v, want %v; lines %q", ks, w, lines)
	}
	root := mustPos(t, sfen)
	var firsts []position.Move
	for i, pv := range pvs {
		if err := dfpn.VerifyMate(root, pv, false, rules); err != nil {
			t.Errorf("multipv %s: %v", ks[i], err)
		}
		if slices.Contains(firsts, pv[0]) {
			t.Errorf("multipv %s repeats the first move %s", ks[i], pv[0])
		}
		firsts = append(firsts, pv[0])
	}
	return pvs
}
