package position

import (
	"encoding/binary"

	"github.com/cespare/xxhash/v2"
)

// Zobrist constants, derived deterministically from a fixed seed with
// xxhash so that keys are the same on every run and machine.
var (
	zobristPiece [NumPieces][NumSquares]uint64
	zobristHand  [2][8]uint64 // added once per piece held
	zobristSide  uint64       // toggled when White is to move
)

func init() {
	var buf [16]byte
	copy(buf[:8], "gomateZ1")
	n := uint64(0)
	next := func() uint64 {
		n++
		binary.LittleEndian.PutUint64(buf[8:], n)
		return xxhash.Sum64(buf[:])
	}
	for p := range zobristPiece {
		for s := range zobristPiece[p] {
			zobristPiece[p][s] = next()
		}
	}
	for c := range zobristHand {
		for pt := range zobristHand[c] {
			zobristHand[c][pt] = next()
		}
	}
	zobristSide = next() | 1
}

// handKeyOf computes the hand part of the key from scratch.
func handKeyOf(h [2]Hand) uint64 {
	var k uint64
	for c := Black; c <= White; c++ {
		for _, pt := range HandTypes {
			k += uint64(h[c].Count(pt)) * zobristHand[c][pt]
		}
	}
	return k
}
