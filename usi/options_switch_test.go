package usi

import "testing"

// TestTechniqueSwitches checks that the technique options default to on
// and reach the solver's options when turned off.
func TestTechniqueSwitches(t *testing.T) {
	s := defaultSettings()
	if o := s.searchOptions(false); o.NoInitialEstimates || o.NoLazyDrops || o.NoEpsilon || o.HeuristicA || o.HeuristicB || o.HeuristicC {
		t.Fatalf("defaults turn a technique off: %+v", o)
	}
	for _, cmd := range []string{"setoption name initialestimates value false", "setoption name LazyDrops value false", "setoption name EPSILONTRICK value false", "setoption name HeuristicA value true", "setoption name heuristicb value true", "setoption name HeuristicC value true"} {
		name, value, err := parseSetOption(cmd)
		if err != nil {
			t.Fatal(err)
		}
		if msg := s.apply(name, value, 0); msg != "" {
			t.Errorf("%s: %s", cmd, msg)
		}
	}
	if o := s.searchOptions(true); !o.NoInitialEstimates || !o.NoLazyDrops || !o.NoEpsilon || !o.HeuristicA || !o.HeuristicB || !o.HeuristicC || !o.RootIsDefender {
		t.Fatalf("switches not applied: %+v", o)
	}
}
