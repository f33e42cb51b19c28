package dfpn

import (
	"math/rand/v2"
	"testing"

	"gomate/position"
)

// checkPathSet compares the set with a model and checks its invariants.
func checkPathSet(t *testing.T, p *pathSet, model map[uint64]bool, probes []uint64) {
	t.Helper()
	if p.count != len(model) {
		t.Fatalf("count %d, model %d", p.count, len(model))
	}
	n := 0
	for _, s := range p.keys {
		if s != 0 {
			n++
		}
	}
	if n != p.count {
		t.Fatalf("%d occupied slots, count %d", n, p.count)
	}
	if len(p.keys) > 0 && (len(p.keys)&(len(p.keys)-1) != 0 || p.count*2 > len(p.keys)) {
		t.Fatalf("%d slots for %d keys", len(p.keys), p.count)
	}
	var hash uint64
	for k := range model {
		if !p.has(k) {
			t.Fatalf("key %x lost", k)
		}
		hash ^= mix64(norm(k))
	}
	if p.hash != hash {
		t.Fatalf("hash %x, want %x: the XOR of the keys' mixes", p.hash, hash)
	}
	for _, k := range probes {
		if p.has(k) != model[k] {
			t.Fatalf("has(%x) = %v, model %v", k, p.has(k), model[k])
		}
	}
}

func TestPathSetManyKeys(t *testing.T) {
	var p pathSet
	if p.has(12345) {
		t.Fatal("empty set has a key")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	model := map[uint64]bool{}
	keys := make([]uint64, 20000)
	for i := range keys {
		keys[i] = rng.Uint64()
	}
	// Grow well past the first size, as a path does.
	for _, k := range keys {
		p.add(k)
		model[k] = true
	}
	checkPathSet(t, &p, model, keys[:100])
	if len(p.keys) < 2*len(keys) {
		t.Fatalf("did not grow: %d slots", len(p.keys))
	}
	// Remove in path order (last in, first out), checking on the way.
	for i := len(keys) - 1; i >= 0; i-- {
		p.remove(keys[i])
		delete(model, keys[i])
		if i%997 == 0 {
			checkPathSet(t, &p, model, keys[max(0, i-50):min(len(keys), i+50)])
		}
	}
	checkPathSet(t, &p, model, keys[:200])
	// Removing a key that is not there changes nothing.
	p.add(7)
	p.remove(8)
	if !p.has(7) || p.count != 1 {
		t.Fatal("removing an absent key disturbed the set")
	}
	p.reset()
	if p.count != 0 || p.has(7) {
		t.Fatal("reset left keys")
	}
}

// TestPathSetBackwardShift concentrates keys on a few home slots near the
// end of the table, so runs wrap around, and removes them in random order:
// every remaining key must stay findable.
func TestPathSetBackwardShift(t *testing.T) {
	var p pathSet
	p.grow() // 1024 slots
	size := len(p.keys)
	rng := rand.New(rand.NewPCG(3, 4))
	var pool []uint64
	for len(pool) < 300 {
		k := rng.Uint64()
		if i := p.home(norm(k)); i >= size-6 || i < 2 {
			pool = append(pool, k)
		}
	}
	model := map[uint64]bool{}
	for round := range 20000 {
		k := pool[rng.IntN(len(pool))]
		switch {
		case model[k]:
			p.remove(k)
			delete(model, k)
		case len(model) < size/2-1:
			p.add(k)
			model[k] = true
		}
		if round%50 == 0 {
			checkPathSet(t, &p, model, pool)
		}
	}
	if len(p.keys) != size {
		t.Fatalf("grew to %d slots with at most %d keys", len(p.keys), size/2)
	}
	checkPathSet(t, &p, model, pool)
}

func TestPathSetZeroKey(t *testing.T) {
	var p pathSet
	p.add(0)
	if !p.has(0) || p.count != 1 {
		t.Fatal("zero key not found")
	}
	if p.has(2) || p.has(1<<63) {
		t.Fatal("zero key found as another")
	}
	p.add(99)
	p.remove(0)
	if p.has(0) || !p.has(99) || p.count != 1 {
		t.Fatal("zero key not removed cleanly")
	}
}

func TestPathSetNoAllocAfterGrowth(t *testing.T) {
	var p pathSet
	for i := range 600 {
		p.add(uint64(i) * 0x51_7cc1_b727_220a)
	}
	for i := range 600 {
		p.remove(uint64(i) * 0x51_7cc1_b727_220a)
	}
	allocs := testing.AllocsPerRun(100, func() {
		for i := range 500 {
			p.add(uint64(i)*31 + 5)
		}
		for i := range 500 {
			p.remove(uint64(i)*31 + 5)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per path", allocs)
	}
}

// TestPathSetPlies checks that each key keeps the ply it was added at
// through growth and backward-shift deletion.
func TestPathSetPlies(t *testing.T) {
	var p pathSet
	rng := rand.New(rand.NewPCG(3, 4))
	model := map[uint64]int{}
	var keys []uint64
	for i := range 3000 {
		k := rng.Uint64() & 0xFFFF // small keys: long probe runs
		if _, ok := model[k]; ok {
			continue
		}
		p.addAt(k, i)
		model[k] = i
		keys = append(keys, k)
		if i%3 == 0 {
			d := keys[rng.IntN(len(keys))]
			if _, ok := model[d]; ok {
				p.remove(d)
				delete(model, d)
			}
		}
	}
	for _, k := range keys {
		ply, ok := p.plyOf(k)
		want, in := model[k]
		if ok != in || (ok && ply != want) {
			t.Fatalf("plyOf(%x) = %d, %v; model %d, %v", k, ply, ok, want, in)
		}
	}
}

// TestPathSetHashIsTheSet: the hash identifies the set of keys, whatever
// the order they were added in, and a removal takes its key out of it
// (the repetition cache keys its results by it).
func TestPathSetHashIsTheSet(t *testing.T) {
	var a, b pathSet
	keys := []uint64{0, 7, 1 << 40, 99, 12345}
	for _, k := range keys {
		a.add(k)
	}
	for i := len(keys) - 1; i >= 0; i-- {
		b.add(keys[i])
	}
	if a.hash != b.hash || a.hash == 0 {
		t.Fatalf("same set, hashes %x and %x", a.hash, b.hash)
	}
	a.remove(99)
	if a.hash == b.hash {
		t.Fatal("a removal left the hash unchanged")
	}
	a.add(99)
	if a.hash != b.hash {
		t.Fatal("removing and adding back changed the hash")
	}
	a.reset()
	if a.hash != 0 {
		t.Fatalf("reset left hash %x", a.hash)
	}
}

// TestBoardIndexCovers checks the path's board index against a list: a
// board on the path several times with different hands, removals in any
// order, and covers meaning "some pair on the board has a hand at least
// as large in every kind".
func TestBoardIndexCovers(t *testing.T) {
	type pair struct {
		board uint64
		hand  position.Hand
	}
	var b boardIndex
	rng := rand.New(rand.NewPCG(3, 4))
	var model []pair
	boards := []uint64{0, 2, 3, 0x8000000000000000, 12345} // not 1: the index keeps a zero key as 1
	randHand := func() position.Hand {
		var h position.Hand
		for _, pt := range []position.PieceType{position.Pawn, position.Knight, position.Gold} {
			h = h.Set(pt, rng.IntN(3))
		}
		return h
	}
	// Each pair's index on the path is a function of the pair, so that
	// removing one of two equal pairs leaves the same index behind.
	indexOf := func(p pair) int { return int(uint32(p.hand)^uint32(p.board)) & 0x7fffffff }
	naive := func(k uint64, h position.Hand) bool {
		for _, p := range model {
			if p.board == k && p.hand.Covers(h) {
				return true
			}
		}
		return false
	}
	coveringAt := func(k uint64, h position.Hand, at int) bool {
		for _, p := range model {
			if p.board == k && p.hand.Covers(h) && indexOf(p) == at {
				return true
			}
		}
		return false
	}
	for step := 0; step < 20000; step++ {
		if len(model) > 0 && rng.IntN(3) == 0 {
			i := rng.IntN(len(model))
			b.remove(model[i].board, model[i].hand)
			model = append(model[:i], model[i+1:]...)
		} else {
			// Many keys as well, so that runs of probes get long.
			k := boards[rng.IntN(len(boards))]
			if rng.IntN(2) == 0 {
				k = rng.Uint64()
			}
			p := pair{k, randHand()}
			b.add(p.board, p.hand, indexOf(p))
			model = append(model, p)
		}
		if b.count != len(model) {
			t.Fatalf("step %d: count %d, model %d", step, b.count, len(model))
		}
		k, h := boards[rng.IntN(len(boards))], randHand()
		at, got := b.covers(k, h)
		if got != naive(k, h) {
			t.Fatalf("step %d: covers(%x, %v) = %v, want %v", step, k, h, got, !got)
		}
		if got && !coveringAt(k, h, at) {
			t.Fatalf("step %d: covers(%x, %v) gave index %d, of no covering pair", step, k, h, at)
		}
	}
	b.reset()
	if _, ok := b.covers(0, 0); b.count != 0 || ok {
		t.Fatal("reset left pairs")
	}
}
