package usi

import (
	"slices"
	"strings"
	"testing"
	"time"

	"gomate/dfpn"
)

const (
	// manyMates is line 20 of testdata/mate/mate3.sfen, a game position
	// where several first moves mate in 3 (gomate check lists R*2b, R*3b,
	// 2a2b and R*1b beside the main line).
	manyMates = "l+L2n2+R1/3gk4/p1Bp1pp2/4p2S1/2sN5/6P2/P+pnPPP3/5G2G/L2GK1s+bL b RSN5P2p 79"
	// twoMates is rule case R019 (multiple-solutions): G*9b and G*8b both
	// mate in one, and nothing else mates.
	twoMates = "k8/9/K8/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1"
	// withAlternative is Shogi Zukou #92 without the pawn on 2a: at ply 7
	// 3g3b+ mates as fast as the main line (see dfpn/composition_test.go).
	withAlternative = "6k2/8n/5R1L1/4+b2sB/6N2/9/6L2/9/9 b r4g3s2n2l17p 1"
	// zukou92 is Shogi Zukou #92 itself: no alternative mate.
	zukou92 = "6kp1/8n/5R1L1/4+b2sB/6N2/9/6L2/9/9 b r4g3s2n2l17p 1"
)

// TestMultiPV: with MultiPV 3 the real solver prints up to three mating
// lines with distinct first moves, each a verified mate, numbered from 1;
// the checkmate answer is the main line, multipv 1.
func TestMultiPV(t *testing.T) {
	for _, c := range []struct {
		sfen  string
		lines int
		note  string
	}{
		{manyMates, 3, ""},
		// The third search finds no mate; the note says why it ended
		// (today "undecided": dfpn's mate-in-one shortcut at the root does
		// not honour ExcludeRootMoves, so it claims a mate it cannot show).
		{twoMates, 2, "info string MultiPV: 2 of 3 lines; "},
	} {
		h := startServer(t, Config{})
		h.Send("setoption name USI_Hash value 16", "setoption name MultiPV value 3", "position sfen "+c.sfen, "go mate 10000")
		got := h.Until("checkmate", wait)
		answer := got[len(got)-1]
		verifyTsume(t, c.sfen, answer, false)
		pvs := checkMultiPV(t, c.sfen, got, c.lines, dfpn.Tsume)
		if main := "checkmate " + strings.Join(lineText(pvs[0]), " "); main != answer {
			t.Errorf("checkmate %q is not multipv 1 %q", answer, main)
		}
		if c.note != "" && !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, c.note) }) {
			t.Errorf("missing %q in %q", c.note, got)
		}
		if c.sfen == twoMates {
			var firsts []string
			for _, pv := range pvs {
				firsts = append(firsts, pv[0].String())
			}
			if slices.Sort(firsts); !slices.Equal(firsts, []string{"G*8b", "G*9b"}) {
				t.Errorf("first moves %v, want G*8b and G*9b", firsts)
			}
		}
	}
}

// TestMultiPVOne: the default MultiPV 1 prints no multipv line and does
// no search beyond the main one.
func TestMultiPVOne(t *testing.T) {
	h := startServer(t, Config{})
	h.Send("setoption name USI_Hash value 16", "position sfen "+twoMates, "go mate 10000")
	got := h.Until("checkmate", wait)
	verifyTsume(t, twoMates, got[len(got)-1], false)
	for _, l := range got {
		if strings.Contains(l, "multipv") || strings.Contains(l, "MultiPV") {
			t.Errorf("MultiPV 1 printed %q", l)
		}
	}

	f, h := startFake(t, solveMate1)
	h.Send("position sfen "+mate1Black, "go mate 1000")
	h.Until("checkmate", wait)
	if _, opts, _ := f.calls(); len(opts) != 1 {
		t.Errorf("%d searches for MultiPV 1, want 1", len(opts))
	}
}

// TestMultiPVBudget: the extra searches get what remains of the go mate
// limit, so the answer is not late; they never report progress; a stop
// ends them and the main line is answered at once.
func TestMultiPVBudget(t *testing.T) {
	f, h := startFake(t, mateThenBlock)
	h.Send("setoption name MultiPV value 4", "position sfen "+mate1Black)
	start := time.Now()
	h.Send("go mate 300")
	got := h.Until("checkmate", wait)
	d := time.Since(start)
	verifyCheckmate(t, mate1Black, got[len(got)-1], false)
	if d < 250*time.Millisecond || d > 300*time.Millisecond+250*time.Millisecond {
		t.Errorf("answered after %v, want about 300ms", d)
	}
	if !slices.Contains(got, "info string MultiPV: 1 of 4 lines; the search for more ended undecided (time)") {
		t.Errorf("no note on the cut search: %q", got)
	}
	_, opts, lims := f.calls()
	if len(opts) != 2 || len(opts[1].ExcludeRootMoves) != 1 || opts[1].ExcludeRootMoves[0].String() != "7i6g" {
		t.Fatalf("searches %+v", opts)
	}
	if lims[1].Time <= 0 || lims[1].Time > 300*time.Millisecond || lims[1].Progress != nil || lims[1].Stop == nil {
		t.Errorf("extra search limits %+v", lims[1])
	}

	// stop during the extra search: the answer follows at once.
	h.Send("go mate infinite")
	h.Quiet(100*time.Millisecond, "checkmate")
	start = time.Now()
	h.Send("stop")
	got = h.Until("checkmate", wait)
	verifyCheckmate(t, mate1Black, got[len(got)-1], false)
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("answered %v after stop", d)
	}

	// go mate infinite without stop: the extra work is bounded too.
	start = time.Now()
	h.Send("go mate infinite")
	got = h.Until("checkmate", wait)
	verifyCheckmate(t, mate1Black, got[len(got)-1], false)
	if d := time.Since(start); d < minFollowUpTime-50*time.Millisecond || d > minFollowUpTime+time.Second {
		t.Errorf("go mate infinite answered after %v, want about %v", d, minFollowUpTime)
	}
}

// TestCheckAlternatives: with the option on, an alternative mate along the
// main line is reported as an info string before the answer; with it off,
// or on a sound problem, none is.
func TestCheckAlternatives(t *testing.T) {
	const note = "info string alternative mate at ply 7: 3g3b+ (mate in 3)"
	for _, c := range []struct {
		sfen, option string
		want         string
	}{
		{withAlternative, "true", note},
		{withAlternative, "false", ""},
		{zukou92, "true", "info string CheckAlternatives: no alternative mate along the line"},
	} {
		h := startServer(t, Config{})
		h.Send("setoption name USI_Hash value 16", "setoption name CheckAlternatives value "+c.option,
			"position sfen "+c.sfen, "go mate 10000")
		got := h.Until("checkmate", wait)
		verifyTsume(t, c.sfen, got[len(got)-1], false)
		var notes []string
		for _, l := range got {
			if strings.Contains(l, "alternative") {
				notes = append(notes, l)
			}
		}
		switch {
		case c.want == "" && len(notes) > 0:
			t.Errorf("%s off: %q", c.sfen, notes)
		case c.want != "" && !slices.Equal(notes, []string{c.want}):
			t.Errorf("%s: %q, want %q", c.sfen, notes, c.want)
		}
	}

	// A solver without the alternative check says so, and still answers.
	_, h := startFake(t, solveMate1)
	h.Send("setoption name CheckAlternatives value true", "position sfen "+mate1Black, "go mate 1000")
	got := h.Until("checkmate", wait)
	verifyCheckmate(t, mate1Black, got[len(got)-1], false)
	if !slices.Contains(got, "info string CheckAlternatives: not supported by this solver") {
		t.Errorf("got %q", got)
	}
}

// TestMultiPVDefender: with DefenderToMove the root moves are the
// defender's, so MultiPV says it does not apply and the answer is as
// before; CheckAlternatives still works, with plies counted from the
// defender's move.
func TestMultiPVDefender(t *testing.T) {
	root := mustPos(t, withAlternative)
	for _, mv := range []string{"2c2b+"} {
		m, err := root.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		root.DoMove(m)
	}
	sfen := root.SFEN()
	h := startServer(t, Config{})
	h.Send("setoption name USI_Hash value 16", "setoption name MultiPV value 2", "setoption name CheckAlternatives value true",
		"setoption name DefenderToMove value true", "position sfen "+sfen, "go mate 10000")
	got := h.Until("checkmate", wait)
	verifyTsume(t, sfen, got[len(got)-1], true)
	for _, l := range got {
		if strings.Contains(l, "multipv") {
			t.Errorf("multipv with the defender to move: %q", l)
		}
	}
	for _, want := range []string{
		"info string MultiPV: not with DefenderToMove (the root moves are the defender's)",
		"info string alternative mate at ply 6: 3g3b+ (mate in 3)",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("missing %q in %q", want, got)
		}
	}
}
