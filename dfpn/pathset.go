package dfpn

import "gomate/position"

// pathSet holds the keys of the positions on the current search path, so
// a repetition is found in constant time however long the path is, and
// the ply each key was added at. It is an open-addressing set with linear
// probing and backward-shift deletion; it never allocates once grown.
//
// The search's path also keeps its positions by board (addPosition): the
// boards index answers whether a position is on the path with at least
// the attacker's hand of another (dominated).
type pathSet struct {
	slots []uint64 // 0 = free (a zero key is stored as 1)
	plies []int32  // the ply each key was added at
	count int
	// hash identifies the set of keys: the XOR of their mix64, so that it
	// does not depend on the order they were added in (repcache.go).
	hash   uint64
	boards boardIndex
}

// addPosition puts the position with key full, board key board and
// attacker's hand h on the path.
func (p *pathSet) addPosition(full, board uint64, h position.Hand) {
	p.add(full)
	p.boards.add(board, h)
}

// removePosition takes the position addPosition put on the path off it.
func (p *pathSet) removePosition(full, board uint64, h position.Hand) {
	p.remove(full)
	p.boards.remove(board, h)
}

// dominated reports whether a position on the path has board key board
// and an attacker's hand that covers h: the position (board, h) is then
// a repetition of it, or one where the attacker has fewer pieces in hand
// (loops.go).
func (p *pathSet) dominated(board uint64, h position.Hand) bool {
	return p.boards.covers(board, h)
}

func (p *pathSet) index(k uint64) int {
	return int((k * 0x9E3779B97F4A7C15) >> 40 & uint64(len(p.slots)-1))
}

func norm(k uint64) uint64 {
	if k == 0 {
		return 1
	}
	return k
}

// has reports whether k is on the path.
func (p *pathSet) has(k uint64) bool {
	_, ok := p.plyOf(k)
	return ok
}

// plyOf returns the ply k was added at, if it is on the path.
func (p *pathSet) plyOf(k uint64) (int, bool) {
	if len(p.slots) == 0 {
		return 0, false
	}
	k = norm(k)
	for i := p.index(k); ; i = (i + 1) & (len(p.slots) - 1) {
		switch p.slots[i] {
		case k:
			return int(p.plies[i]), true
		case 0:
			return 0, false
		}
	}
}

// add puts k on the path (k must not be there yet).
func (p *pathSet) add(k uint64) { p.addAt(k, 0) }

// addAt puts k on the path at ply (k must not be there yet).
func (p *pathSet) addAt(k uint64, ply int) {
	if (p.count+1)*2 > len(p.slots) {
		p.grow()
	}
	k = norm(k)
	p.hash ^= mix64(k)
	p.insert(k, ply)
}

// insert places the normalised key k in a free slot.
func (p *pathSet) insert(k uint64, ply int) {
	i := p.index(k)
	for p.slots[i] != 0 {
		i = (i + 1) & (len(p.slots) - 1)
	}
	p.slots[i], p.plies[i] = k, int32(ply)
	p.count++
}

// remove takes k off the path.
func (p *pathSet) remove(k uint64) {
	if p.count == 0 {
		return
	}
	k = norm(k)
	mask := len(p.slots) - 1
	i := p.index(k)
	for p.slots[i] != k {
		if p.slots[i] == 0 {
			return
		}
		i = (i + 1) & mask
	}
	p.hash ^= mix64(k)
	// Backward-shift the run after i so probes stay unbroken.
	for j := (i + 1) & mask; p.slots[j] != 0; j = (j + 1) & mask {
		home := p.index(p.slots[j])
		if (j-home)&mask >= (j-i)&mask {
			p.slots[i], p.plies[i] = p.slots[j], p.plies[j]
			i = j
		}
	}
	p.slots[i] = 0
	p.count--
}

func (p *pathSet) grow() {
	old, oldPlies := p.slots, p.plies
	p.slots = make([]uint64, max(1024, 2*len(old)))
	p.plies = make([]int32, len(p.slots))
	p.count = 0
	for i, k := range old {
		if k != 0 {
			p.insert(k, int(oldPlies[i]))
		}
	}
}

func (p *pathSet) reset() {
	clear(p.slots)
	p.count = 0
	p.hash = 0
	p.boards.reset()
}

// boardIndex is a multiset of (board key, attacker's hand) pairs: the
// positions on the path by board. A board can be on the path more than
// once, with different hands. Open addressing on the board key, linear
// probing, backward-shift deletion, as pathSet.
type boardIndex struct {
	keys  []uint64 // 0 = free (a zero key is stored as 1)
	hands []position.Hand
	count int
}

func (b *boardIndex) index(k uint64) int {
	return int((k * 0x9E3779B97F4A7C15) >> 40 & uint64(len(b.keys)-1))
}

func (b *boardIndex) add(k uint64, h position.Hand) {
	if (b.count+1)*2 > len(b.keys) {
		b.grow()
	}
	b.insert(norm(k), h)
}

func (b *boardIndex) insert(k uint64, h position.Hand) {
	i := b.index(k)
	for b.keys[i] != 0 {
		i = (i + 1) & (len(b.keys) - 1)
	}
	b.keys[i], b.hands[i] = k, h
	b.count++
}

// covers reports whether some pair on board k has a hand covering h.
func (b *boardIndex) covers(k uint64, h position.Hand) bool {
	if b.count == 0 {
		return false
	}
	k = norm(k)
	for i := b.index(k); b.keys[i] != 0; i = (i + 1) & (len(b.keys) - 1) {
		if b.keys[i] == k && b.hands[i].Covers(h) {
			return true
		}
	}
	return false
}

// remove takes one pair (k, h) out.
func (b *boardIndex) remove(k uint64, h position.Hand) {
	if b.count == 0 {
		return
	}
	k = norm(k)
	mask := len(b.keys) - 1
	i := b.index(k)
	for b.keys[i] != k || b.hands[i] != h {
		if b.keys[i] == 0 {
			return
		}
		i = (i + 1) & mask
	}
	for j := (i + 1) & mask; b.keys[j] != 0; j = (j + 1) & mask {
		home := b.index(b.keys[j])
		if (j-home)&mask >= (j-i)&mask {
			b.keys[i], b.hands[i] = b.keys[j], b.hands[j]
			i = j
		}
	}
	b.keys[i] = 0
	b.count--
}

func (b *boardIndex) grow() {
	old, oldHands := b.keys, b.hands
	b.keys = make([]uint64, max(1024, 2*len(old)))
	b.hands = make([]position.Hand, len(b.keys))
	b.count = 0
	for i, k := range old {
		if k != 0 {
			b.insert(k, oldHands[i])
		}
	}
}

func (b *boardIndex) reset() {
	if b.count > 0 {
		clear(b.keys)
		b.count = 0
	}
}
