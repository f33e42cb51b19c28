package dfpn

import "gomate/position"

// probeTable is the open-addressing core of the path's sets: a multiset
// of (key, value) pairs, linear probing, backward-shift deletion. Keys are
// stored normalised (0 marks a free slot, so a zero key is stored as 1);
// it never allocates once grown.
type probeTable struct {
	keys  []uint64
	vals  []uint64
	count int
}

func norm(k uint64) uint64 {
	if k == 0 {
		return 1
	}
	return k
}

// home is the first slot probed for the normalised key k; the table must
// not be empty.
func (t *probeTable) home(k uint64) int {
	return int((k * 0x9E3779B97F4A7C15) >> 40 & uint64(len(t.keys)-1))
}

func (t *probeTable) next(i int) int { return (i + 1) & (len(t.keys) - 1) }

// find returns the slot of the first pair with the normalised key k for
// which match(value) holds, or -1.
func (t *probeTable) find(k uint64, match func(uint64) bool) int {
	if t.count == 0 {
		return -1
	}
	for i := t.home(k); t.keys[i] != 0; i = t.next(i) {
		if t.keys[i] == k && match(t.vals[i]) {
			return i
		}
	}
	return -1
}

// put adds the pair (normalised key k, v).
func (t *probeTable) put(k, v uint64) {
	if (t.count+1)*2 > len(t.keys) {
		t.grow()
	}
	t.insert(k, v)
}

func (t *probeTable) insert(k, v uint64) {
	i := t.home(k)
	for t.keys[i] != 0 {
		i = t.next(i)
	}
	t.keys[i], t.vals[i] = k, v
	t.count++
}

// removeAt frees slot i, shifting the run after it back so that probes
// stay unbroken.
func (t *probeTable) removeAt(i int) {
	mask := len(t.keys) - 1
	for j := t.next(i); t.keys[j] != 0; j = t.next(j) {
		if (j-t.home(t.keys[j]))&mask >= (j-i)&mask {
			t.keys[i], t.vals[i] = t.keys[j], t.vals[j]
			i = j
		}
	}
	t.keys[i] = 0
	t.count--
}

func (t *probeTable) grow() {
	old, oldVals := t.keys, t.vals
	t.keys = make([]uint64, max(1024, 2*len(old)))
	t.vals = make([]uint64, len(t.keys))
	t.count = 0
	for i, k := range old {
		if k != 0 {
			t.insert(k, oldVals[i])
		}
	}
}

func (t *probeTable) reset() {
	if t.count > 0 {
		clear(t.keys)
		t.count = 0
	}
}

func anyValue(uint64) bool { return true }

// pathSet holds the keys of the positions on the current search path, so
// a repetition is found in constant time however long the path is, and
// the ply each key was added at.
//
// The search's path also keeps its positions by board (addPosition): the
// boards index answers whether a position is on the path with at least
// the attacker's hand of another (dominated).
type pathSet struct {
	probeTable // key → ply; a key is on the path at most once
	// hash identifies the set of keys: the XOR of their mix64, so that it
	// does not depend on the order they were added in (repcache.go).
	hash   uint64
	boards boardIndex
}

// addPosition puts the position with key full, board key board and
// attacker's hand h on the path.
func (p *pathSet) addPosition(full, board uint64, h position.Hand) {
	p.boards.add(board, h, p.count)
	p.add(full)
}

// removePosition takes the position addPosition put on the path off it.
func (p *pathSet) removePosition(full, board uint64, h position.Hand) {
	p.remove(full)
	p.boards.remove(board, h)
}

// dominated reports whether a position on the path has board key board
// and an attacker's hand that covers h: the position (board, h) is then
// a repetition of it, or one where the attacker has fewer pieces in hand
// (loops.go). at is that position's index on the path.
func (p *pathSet) dominated(board uint64, h position.Hand) (at int, ok bool) {
	return p.boards.covers(board, h)
}

// has reports whether k is on the path.
func (p *pathSet) has(k uint64) bool {
	return p.find(norm(k), anyValue) >= 0
}

// plyOf returns the ply k was added at (addAt), or its index on the path
// (add), if it is on the path.
func (p *pathSet) plyOf(k uint64) (int, bool) {
	if i := p.find(norm(k), anyValue); i >= 0 {
		return int(int32(p.vals[i])), true
	}
	return 0, false
}

// add puts k on the path (k must not be there yet), at the next index:
// the number of positions above it on the path.
func (p *pathSet) add(k uint64) { p.addAt(k, p.count) }

// addAt puts k on the path at ply (k must not be there yet).
func (p *pathSet) addAt(k uint64, ply int) {
	k = norm(k)
	p.hash ^= mix64(k)
	p.put(k, uint64(uint32(ply)))
}

// remove takes k off the path.
func (p *pathSet) remove(k uint64) {
	k = norm(k)
	if i := p.find(k, anyValue); i >= 0 {
		p.hash ^= mix64(k)
		p.removeAt(i)
	}
}

func (p *pathSet) reset() {
	p.probeTable.reset()
	p.hash = 0
	p.boards.reset()
}

// boardIndex is a multiset of (board key, attacker's hand) pairs: the
// positions on the path by board, each with its index on the path (in the
// value's high half). A board can be on the path more than once, with
// different hands.
type boardIndex struct{ probeTable }

func (b *boardIndex) add(k uint64, h position.Hand, at int) {
	b.put(norm(k), uint64(h)|uint64(uint32(at))<<32)
}

// covers reports whether some pair on board k has a hand covering h, and
// the index on the path of the first such pair found.
func (b *boardIndex) covers(k uint64, h position.Hand) (at int, ok bool) {
	i := b.find(norm(k), func(v uint64) bool { return position.Hand(uint32(v)).Covers(h) })
	if i < 0 {
		return 0, false
	}
	return int(uint32(b.vals[i] >> 32)), true
}

// remove takes one pair (k, h) out.
func (b *boardIndex) remove(k uint64, h position.Hand) {
	if i := b.find(norm(k), func(v uint64) bool { return uint32(v) == uint32(h) }); i >= 0 {
		b.removeAt(i)
	}
}
