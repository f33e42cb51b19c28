package dfpn

import (
	"testing"
	"time"

	"gomate/position"
	"gomate/tt"
)

// TestExactCacheDepths checks what a result kept for one exact hand
// answers at other depths: a proof at every depth it fits in, a disproof
// only at its own depth, and nothing for another hand.
func TestExactCacheDepths(t *testing.T) {
	var c exactCache
	h := position.Hand(0).Add(position.Gold)
	const k1, k2 = 1 << 60, 2 << 60 // in different slots (the top bits pick it)
	c.store(k1, h, outcome{pn: 0, dn: inf, length: 9}, 1)
	c.store(k2, h, outcome{pn: inf, dn: 0, length: 12}, 1)
	cases := []struct {
		key   uint64
		hand  position.Hand
		depth uint16
		want  tt.State
	}{
		{k1, h, 9, tt.Proven},
		{k1, h, 15, tt.Proven},
		{k1, h, 7, tt.Empty},
		{k2, h, 12, tt.Disproven},
		{k2, h, 10, tt.Empty},
		{k2, h, 14, tt.Empty},
		{k2, position.Hand(0), 12, tt.Empty},
	}
	for _, tc := range cases {
		if got := c.probe(tc.key, tc.hand, tc.depth).State; got != tc.want {
			t.Errorf("key %d hand %v depth %d: %v, want %v", tc.key, tc.hand, tc.depth, got, tc.want)
		}
	}
}

// TestExactCacheKeepsTheCostly: results and tests' answers that share a
// bucket replace the cheapest of its slots, so a costly result outlives
// any number of cheap ones, which share the other slots; a key's new
// result replaces its old one of the same kind and depth.
func TestExactCacheKeepsTheCostly(t *testing.T) {
	var c exactCache
	h := position.Hand(0).Add(position.Gold)
	// The bucket is picked by the top bits of key ^ h*constant: keys that
	// differ only in their low bits share it.
	const base = 5 << 58
	costly := uint64(base)
	c.store(costly, h, outcome{pn: inf, dn: 0, length: 11}, 1_000_000)
	for i := uint64(1); i <= 40; i++ {
		if i%2 == 0 {
			c.storeTest(base+i, h, true, 3)
		} else {
			c.store(base+i, h, outcome{pn: 0, dn: inf, length: 5}, 10)
		}
	}
	if got := c.probe(costly, h, 11).State; got != tt.Disproven {
		t.Fatalf("the costly disproof is gone: %v", got)
	}
	if v, ok := c.probeTest(base+40, h); !ok || !v {
		t.Errorf("the last test's answer: %v %v", v, ok)
	}
	kept := 0
	for i := uint64(1); i <= 40; i += 2 {
		if c.probe(base+i, h, 5).State == tt.Proven {
			kept++
		}
	}
	if kept == 0 || kept > exactWays-2 {
		t.Errorf("%d of the cheap proofs kept, want 1 or 2 (the bucket's other slots)", kept)
	}
	// A disproof at another depth takes a slot of its own: the position
	// met at two depths needs both (each answers at its depth only).
	c.store(costly, h, outcome{pn: inf, dn: 0, length: 9}, 500_000)
	for _, d := range []uint16{9, 11} {
		if got := c.probe(costly, h, d).State; got != tt.Disproven {
			t.Errorf("the disproof at depth %d: %v", d, got)
		}
	}
	// The same depth again replaces the slot, and a proof is one more fact.
	c.store(costly, h, outcome{pn: inf, dn: 0, length: 9}, 600_000)
	c.store(costly, h, outcome{pn: 0, dn: inf, length: 13}, 700_000)
	if got := c.probe(costly, h, 13).State; got != tt.Proven {
		t.Errorf("the proof within 13: %v", got)
	}
	n := 0
	b, _ := c.bucket(costly, h)
	for _, sl := range b {
		if sl.state != 0 && sl.key == costly {
			n++
		}
	}
	if n != 3 {
		t.Errorf("%d slots hold the costly key, want 3 (disproofs at 9 and 11, the proof)", n)
	}
}

// TestExactCacheSize: a 64th of the table's entries, within its bounds.
func TestExactCacheSize(t *testing.T) {
	for _, tc := range []struct{ entries, want int }{
		{1 << 10, 1 << 16}, {1 << 22, 1 << 16}, {1 << 23, 1 << 17},
		{1 << 26, 1 << 20}, {3 << 25, 1 << 21}, {1 << 30, 1 << 21},
	} {
		if got := exactCacheSlots(tc.entries); got != tc.want {
			t.Errorf("exactCacheSlots(%d) = %d, want %d", tc.entries, got, tc.want)
		}
	}
}

// TestExactCacheFoundThroughTheMark: the exact cache is looked up only for
// nodes the table marks (tt.Table.MarkSideResult), so a result stored
// there without its mark would never be read again. Rule case R100 (the
// relative kind of futility, KomoringHeights issue 8) proves its mate in
// 11 with such results; they must be answered from the cache.
func TestExactCacheFoundThroughTheMark(t *testing.T) {
	const r100 = "R100"
	for _, rc := range loadRuleCases(t) {
		if rc.id != r100 {
			continue
		}
		res := New(64).Solve(mustSFEN(t, rc.sfen), Options{}, Limits{Time: 20 * time.Second})
		if res.Status != Mate || len(res.PV) != 11 || !res.Shortest {
			t.Fatalf("%s: %v in %d plies (shortest %v), want a mate in 11", r100, res.Status, len(res.PV), res.Shortest)
		}
		if res.exactHits == 0 {
			t.Errorf("%s: no answer from the exact cache", r100)
		}
		return
	}
	t.Fatalf("no rule case %s", r100)
}

// TestExactDisproofKeepsItsBound: a disproof that rests on a futility test
// holds at the bound the test ran at, not at the longer length of the
// disproven child it came from. The node (from gomate check on Zukou #89)
// is the defender's, the horse on 7d checking. P*6c has no mate within 5,
// and its capture 7d6c mates in 6, not in 4: searched with 4 plies left,
// the node has no mate, and the drop counts. With 6 plies left the drop is
// futile and the node mates. The exact cache kept the first search's
// disproof as "no mate within 6" and answered the second with it.
func TestExactDisproofKeepsItsBound(t *testing.T) {
	const node = "5k3/n4l3/5+R3/2+B6/3P5/1S7/9/9/9 w SL2Prb4g2s3n2l15p 1"
	s := New(16)
	lim := Limits{Time: 20 * time.Second}
	defender := Options{Rules: Tsume, RootIsDefender: true}

	drop := mustSFEN(t, node)
	if err := drop.ApplyMoves([]string{"P*6c"}); err != nil {
		t.Fatal(err)
	}
	if st := s.MateWithin(drop, 5, Options{Rules: Tsume}, lim); st != NoMate {
		t.Fatalf("after P*6c, mate within 5: %v, want NoMate", st)
	}
	if st := s.MateWithin(mustSFEN(t, node), 4, defender, lim); st != NoMate {
		t.Fatalf("mate within 4: %v, want NoMate", st)
	}
	if st := s.MateWithin(mustSFEN(t, node), 6, defender, lim); st != Mate {
		t.Errorf("mate within 6 after the search within 4: %v, want Mate", st)
	}
	if st := New(16).MateWithin(mustSFEN(t, node), 6, defender, lim); st != Mate {
		t.Errorf("mate within 6, fresh table: %v, want Mate", st)
	}
}
