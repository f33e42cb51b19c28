package dfpn

import (
	"testing"

	"gomate/position"
)

// TestRootUpdate: Limits.RootUpdate sees the root's numbers in the
// search for the first mate, finite until the last pass (under tsume
// rules a proof may be reported and then taken back by the futility
// tests), which reports
// the root proven (pn 0, dn Infinite or saturated); and the hook changes neither the
// node count nor the line of any search, the first mate's or the
// shortest mate's, under either rules.
func TestRootUpdate(t *testing.T) {
	ps := setPositions(t, "mate7.sfen", 8)
	for _, opt := range []Options{{}, {Rules: Strict, FirstMate: true}} {
		for i, p := range ps {
			plain := New(16).Solve(p.Clone(), opt, Limits{})
			var pns, dns []uint64
			hooked := New(16).Solve(p.Clone(), opt, Limits{RootUpdate: func(pn, dn uint64) {
				pns, dns = append(pns, pn), append(dns, dn)
			}})
			if plain.Status != Mate || hooked.Status != Mate {
				t.Fatalf("position %d (%s): status %s and %s, want mate", i, opt.Rules, plain.Status, hooked.Status)
			}
			if plain.Nodes != hooked.Nodes || position.LineString(plain.PV) != position.LineString(hooked.PV) {
				t.Errorf("position %d (%s): %d nodes %s without the hook, %d nodes %s with it", i, opt.Rules,
					plain.Nodes, position.LineString(plain.PV), hooked.Nodes, position.LineString(hooked.PV))
			}
			if len(pns) == 0 {
				continue // decided before any pass (a mate in one at the root)
			}
			last := len(pns) - 1
			if pns[last] != 0 || dns[last] < Infinite-1 {
				t.Errorf("position %d (%s): last update pn %d dn %d, want 0 and Infinite (or saturated, one below)", i, opt.Rules, pns[last], dns[last])
			}
			for k := range last {
				if pns[k] == 0 && opt.Rules == Tsume {
					continue // a proof the futility tests took back (refutationsFutile)
				}
				if pns[k] == 0 || pns[k] >= Infinite || dns[k] == 0 || dns[k] >= Infinite {
					t.Errorf("position %d (%s): update %d of %d: pn %d dn %d, want both finite and positive", i, opt.Rules, k, len(pns), pns[k], dns[k])
				}
			}
		}
	}
}
