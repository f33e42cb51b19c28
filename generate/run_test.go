package generate

import (
	"testing"
)

// rangeRun runs the candidates [from, to) of a 3-ply run of seed 5 with
// one worker and returns the problems emitted and the statistics.
func rangeRun(t *testing.T, from, to int, keep bool) ([]*Problem, Stats) {
	t.Helper()
	cfg := Config{
		Settings: Settings{Plies: 3, Seed: 5, Tries: 100, Limits: testLimits},
		From:     from, To: to, KeepDuplicates: keep, Workers: 1, HashMB: 16,
	}
	var probs []*Problem
	st, err := Run(cfg, func(p *Problem) error {
		probs = append(probs, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return probs, st
}

// TestRunRange: a run on [From, To) runs exactly those candidates and
// ends by itself; with KeepDuplicates it emits the same problems and the
// duplicates besides, marked, and the problems' trials do not change.
func TestRunRange(t *testing.T) {
	plain, st := rangeRun(t, 10, 40, false)
	if st.Candidates != 30 {
		t.Errorf("%d candidates run, want 30", st.Candidates)
	}
	for _, p := range plain {
		if p.Index < 10 || p.Index >= 40 || p.Duplicate {
			t.Errorf("index %d (duplicate %v) in the run on [10, 40)", p.Index, p.Duplicate)
		}
	}
	all, st2 := rangeRun(t, 10, 40, true)
	if st2.Problems != st.Problems || st2.Duplicates != st.Duplicates {
		t.Errorf("with the duplicates: %d problems, %d duplicates; without: %d, %d", st2.Problems, st2.Duplicates, st.Problems, st.Duplicates)
	}
	var kept []*Problem
	marked := 0
	for _, p := range all {
		if p.Duplicate {
			marked++
			continue
		}
		kept = append(kept, p)
	}
	if marked != st.Duplicates || marked == 0 {
		t.Errorf("%d problems marked duplicate, the run counted %d (want some)", marked, st.Duplicates)
	}
	if len(kept) != len(plain) {
		t.Fatalf("%d problems not marked, %d in the plain run", len(kept), len(plain))
	}
	for i := range kept {
		a, _ := kept[i].MarshalLine()
		b, _ := plain[i].MarshalLine()
		if string(a) != string(b) {
			t.Errorf("problem %d:\n%s\nwithout the duplicates:\n%s", i, a, b)
		}
	}
}
