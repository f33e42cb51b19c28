package generate

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"gomate/compose"
	"gomate/dfpn"
	"gomate/position"
)

// runMethod runs a generation with the settings st, count problems at
// most (0: until the run ends by itself), and returns the JSON lines, the
// problems and the statistics.
func runMethod(t *testing.T, st Settings, count, workers int) (string, []*Problem, Stats) {
	t.Helper()
	cfg := Config{Settings: st, Count: count, Workers: workers, HashMB: 32}
	var out bytes.Buffer
	var probs []*Problem
	stats, err := Run(cfg, func(p *Problem) error {
		b, err := p.MarshalLine()
		out.Write(append(b, '\n'))
		probs = append(probs, p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%v, %d plies: %d candidates, %d problems in %v; reached %v", st.Method, st.Plies, stats.Candidates, stats.Problems, stats.Elapsed, stats.Reached[:st.Plies+1])
	return out.String(), probs, stats
}

// judgedAgain checks p as verifySound does (the line replayed, a fresh
// solve, compose.Check, every piece necessary) and by compose.Judge on a
// fresh solver, from the SFEN and the USI line of the JSON output only.
func judgedAgain(t *testing.T, p *Problem, method Method, plies int) {
	t.Helper()
	if p.Method != method.String() || p.Plies != plies {
		t.Errorf("%s: method %q, %d plies; want %v, %d", p.SFEN, p.Method, p.Plies, method, plies)
	}
	t.Logf("%s %s", p.SFEN, p.LineJA)
	verifySound(t, p.SFEN, p.LineUSI, plies)
	pos, err := position.FromSFEN(p.SFEN)
	if err != nil {
		t.Fatal(err)
	}
	rep := compose.Judge(dfpn.New(16), pos, compose.SoundnessOptions{Plies: plies}, dfpn.Limits{Time: 20 * time.Second})
	if rep.Verdict != compose.Sound || position.LineString(rep.Composition.Line) != p.LineUSI {
		t.Errorf("%s: a fresh Judge: %v %v, line %s, want %s", p.SFEN, rep.Verdict, rep.Reasons, position.LineString(rep.Composition.Line), p.LineUSI)
	}
}

// TestRandomSound: the random method's problems of 3 and 5 plies are
// sound with exactly that length, checked by judgedAgain; the candidates
// that made a sound problem of another length are counted, not written.
func TestRandomSound(t *testing.T) {
	for _, tc := range []struct{ plies, count int }{{3, 3}, {5, 2}} {
		st := Settings{Method: MethodRandom, Plies: tc.plies, Seed: 7, Tries: 100, Limits: testLimits}
		_, probs, stats := runMethod(t, st, tc.count, 1)
		if len(probs) != tc.count {
			t.Fatalf("%d problems, want %d", len(probs), tc.count)
		}
		for _, p := range probs {
			judgedAgain(t, p, MethodRandom, tc.plies)
		}
		if stats.Reached[1] <= stats.Reached[tc.plies] {
			t.Errorf("%d plies: no candidate counted with a shorter sound problem (%v)", tc.plies, stats.Reached[:tc.plies+1])
		}
	}
}

// TestRandomSameOutputAnyWorkers: a seed gives byte-identical output with
// one worker and with two.
func TestRandomSameOutputAnyWorkers(t *testing.T) {
	st := Settings{Method: MethodRandom, Plies: 5, Seed: 3, Tries: 100, Limits: testLimits}
	one, _, _ := runMethod(t, st, 3, 1)
	two, _, _ := runMethod(t, st, 3, 2)
	if one != two || one == "" {
		t.Errorf("one worker:\n%s\ntwo workers:\n%s", one, two)
	}
}

// TestSimplifyKeepsLength: the simplification of a random mate never
// makes the mate shorter, and a fresh solver finds the length it
// reports.
func TestSimplifyKeepsLength(t *testing.T) {
	s := dfpn.New(16)
	rv := &reverser{s: s, lim: testLimits, tries: 100, plies: 7}
	simplified := 0
	for i := range 8 {
		r := candidateRNG(11, i)
		s.Clear()
		pos, plies, _ := rv.randomMate(r)
		if pos == nil {
			continue
		}
		before := boardOf(pos).sfen()
		q, l := rv.simplify(pos, plies, r)
		if l < plies || l > 7 {
			t.Errorf("%s (%d plies) simplified to %d plies", before, plies, l)
		}
		res := dfpn.New(16).Solve(q, dfpn.Options{}, dfpn.Limits{Time: 10 * time.Second})
		if res.Status != dfpn.Mate || !res.Shortest || res.Bound != l {
			t.Errorf("%s: a fresh solve of %s: %v, shortest %v, %d plies; want %d", before, q.SFEN(), res.Status, res.Shortest, res.Bound, l)
		}
		if boardOf(q).sfen() != before {
			simplified++
		}
	}
	if simplified == 0 {
		t.Error("no placement was simplified")
	}
}

// TestVariants: each variant of a position is legal, differs from it by
// one simplification, and every kind of simplification is there.
func TestVariants(t *testing.T) {
	pos, err := position.FromSFEN("4k4/9/4+P4/3G1S3/9/9/9/9/9 b RLr2b3g3s4n3l17p 1")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, v := range variants(boardOf(pos)) {
		seen[boardOf(v).sfen()] = true
	}
	for _, want := range []string{
		"4k4/9/9/3G1S3/9/9/9/9/9 b RLr2b3g3s4n3l18p 1",     // the tokin taken off
		"4k4/9/4P4/3G1S3/9/9/9/9/9 b RLr2b3g3s4n3l17p 1",   // the tokin unpromoted
		"4k4/9/4+P4/3S1S3/9/9/9/9/9 b RLr2b4g2s4n3l17p 1",  // the gold weakened
		"4k4/9/4+P4/3G1P3/9/9/9/9/9 b RLr2b3g4s4n3l16p 1",  // the silver weakened
		"4k4/9/4+P4/3G1S3/9/9/9/9/9 b L2r2b3g3s4n3l17p 1",  // the rook in hand given up
		"4k4/9/4+P4/3G1S3/9/9/9/9/9 b 2L2r2b3g3s4n2l17p 1", // the rook in hand weakened
		"4k4/9/4+P4/3G1S3/9/9/9/9/9 b RPr2b3g3s4n4l16p 1",  // the lance in hand weakened
	} {
		if !seen[want] {
			t.Errorf("no variant %s", want)
		}
	}
	if len(seen) != 10 {
		t.Errorf("%d variants, want 10: %v", len(seen), seen)
	}
}

// reverseProblems makes count sound problems of plies plies by the
// reverse method, as inputs of the extend method.
func reverseProblems(t *testing.T, plies, count int, seed uint64) []Input {
	t.Helper()
	_, probs, _ := runMethod(t, Settings{Plies: plies, Seed: seed, Tries: 100, Limits: testLimits}, count, 1)
	var in []Input
	for i, p := range probs {
		pos, err := position.FromSFEN(p.SFEN)
		if err != nil {
			t.Fatal(err)
		}
		in = append(in, Input{Pos: pos, Plies: p.Plies, Name: fmt.Sprintf("reverse %d", i)})
	}
	return in
}

// TestExtendGrows: problems of 3 plies made by the reverse method, two
// from a run and those of testdata/reverse3.sfen given as positions alone
// (the judge finds their length), are grown to 5 plies: the problems
// written are sound (judgedAgain), their main line reaches the problem
// grown after two plies, the run ends after the inputs, and two workers
// write the same.
func TestExtendGrows(t *testing.T) {
	in := append(reverseProblems(t, 3, 2, 5), testdataInputs(t, "testdata/reverse3.sfen")...)
	st := Settings{Method: MethodExtend, Plies: 5, Seed: 1, Tries: 100, Limits: testLimits, Inputs: in}
	text, probs, stats := runMethod(t, st, 0, 1)
	if stats.Candidates != len(in) {
		t.Errorf("%d candidates for %d inputs", stats.Candidates, len(in))
	}
	if len(probs) < 2 {
		t.Fatalf("%d problems grown from %d inputs", len(probs), len(in))
	}
	for _, p := range probs {
		judgedAgain(t, p, MethodExtend, 5)
		grown := in[p.Index]
		if p.From != grown.Name {
			t.Errorf("%s: from %q, want %q", p.SFEN, p.From, grown.Name)
		}
		pos, _ := position.FromSFEN(p.SFEN)
		line, err := pos.ParseLine(strings.Fields(p.LineUSI))
		if err != nil {
			t.Fatal(err)
		}
		pos.DoMove(line[0])
		pos.DoMove(line[1])
		if got, want := boardOf(pos).sfen(), boardOf(grown.Pos).sfen(); got != want {
			t.Errorf("%s: after two plies %s, want the problem grown %s", p.SFEN, got, want)
		}
	}
	two, _, _ := runMethod(t, st, 0, 2)
	if two != text {
		t.Errorf("one worker:\n%s\ntwo workers:\n%s", text, two)
	}
}

// TestExtendRefuses: an input that is not a sound problem of the length
// given (no mate; a sound problem given a wrong length) grows nothing,
// and an input as long as the target is not grown.
func TestExtendRefuses(t *testing.T) {
	noMate, _ := position.FromSFEN("9/7k1/9/7P1/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")
	three := testdataInputs(t, "testdata/reverse3.sfen")[2].Pos
	in := []Input{{Pos: noMate}, {Pos: three, Plies: 5}, {Pos: three, Plies: 3}}
	st := Settings{Method: MethodExtend, Plies: 3, Seed: 1, Tries: 100, Limits: testLimits, Inputs: in}
	s := dfpn.New(16)
	for i, want := range []int{0, 0, 3} {
		out := Candidate(s, st, i)
		if out.Problem != nil || out.Reached != want {
			t.Errorf("input %d: problem %v, reached %d; want none, %d", i, out.Problem != nil, out.Reached, want)
		}
	}
}

// testdataInputs reads a file of SFEN lines (# comments) as inputs of
// the extend method, their lengths not given, named FILE:LINE.
func testdataInputs(t *testing.T, path string) []Input {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var in []Input
	for n, line := range strings.Split(string(text), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pos, err := position.FromSFEN(line)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, n+1, err)
		}
		in = append(in, Input{Pos: pos, Name: fmt.Sprintf("%s:%d", path, n+1)})
	}
	return in
}

// TestParseMethod: each method's name reads back; another is refused.
func TestParseMethod(t *testing.T) {
	for _, m := range []Method{MethodReverse, MethodRandom, MethodExtend} {
		if got, err := ParseMethod(m.String()); got != m || err != nil {
			t.Errorf("%v read back as %v, %v", m, got, err)
		}
	}
	if _, err := ParseMethod("forward"); err == nil {
		t.Error("forward accepted")
	}
}

// TestExtendTwoSteps: the problems of testdata/reverse3.sfen grown to 7
// plies, two steps: the first problem written is sound (judgedAgain) and
// its main line reaches the problem grown after four plies.
func TestExtendTwoSteps(t *testing.T) {
	in := testdataInputs(t, "testdata/reverse3.sfen")
	st := Settings{Method: MethodExtend, Plies: 7, Seed: 1, Tries: 100, Limits: testLimits, Inputs: in}
	_, probs, _ := runMethod(t, st, 1, 1)
	if len(probs) != 1 {
		t.Fatalf("%d problems of 7 plies grown from %d of 3", len(probs), len(in))
	}
	p := probs[0]
	judgedAgain(t, p, MethodExtend, 7)
	pos, _ := position.FromSFEN(p.SFEN)
	line, err := pos.ParseLine(strings.Fields(p.LineUSI))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range line[:4] {
		pos.DoMove(m)
	}
	if got, want := boardOf(pos).sfen(), boardOf(in[p.Index].Pos).sfen(); got != want {
		t.Errorf("%s: after four plies %s, want the problem grown %s", p.SFEN, got, want)
	}
}

// TestReverseFrom: the reverse method given problems (Settings.Inputs)
// grows each from its length, one candidate each, the run ending after
// them; with backtracks and -min-plies a candidate writes at most one
// problem of each length; every problem written is sound (judgedAgain)
// and names the problem it grew from; two workers write the same.
func TestReverseFrom(t *testing.T) {
	in := testdataInputs(t, "testdata/reverse3.sfen")
	st := Settings{Plies: 9, MinPlies: 5, Backtracks: 20, Seed: 1, Tries: 30, Limits: testLimits, Inputs: in}
	text, probs, stats := runMethod(t, st, 0, 1)
	if stats.Candidates != len(in) {
		t.Errorf("%d candidates for %d inputs", stats.Candidates, len(in))
	}
	if len(probs) < 2 {
		t.Fatalf("%d problems grown from %d inputs", len(probs), len(in))
	}
	lengths := map[[2]int]bool{}
	for _, p := range probs {
		judgedAgain(t, p, MethodReverse, p.Plies)
		if p.Plies < 5 || p.From != in[p.Index].Name {
			t.Errorf("%s: %d plies, from %q; want 5 or more, from %q", p.SFEN, p.Plies, p.From, in[p.Index].Name)
		}
		k := [2]int{p.Index, p.Plies}
		if lengths[k] {
			t.Errorf("candidate %d wrote two problems of %d plies", p.Index, p.Plies)
		}
		lengths[k] = true
	}
	two, _, _ := runMethod(t, st, 0, 2)
	if two != text {
		t.Errorf("one worker:\n%s\ntwo workers:\n%s", text, two)
	}
}
