package generate

import (
	"math"
	"math/bits"
)

// rng is the random source of one candidate: SplitMix64 (Steele, Lea and
// Flood), small, fast and the same on every platform and Go version, so
// that a seed names the same problems everywhere. Each candidate owns
// one; nothing is shared between candidates or goroutines.
type rng struct{ state uint64 }

// golden is SplitMix64's increment, 2^64 divided by the golden ratio.
const golden = 0x9e3779b97f4a7c15

// candidateRNG is the source of candidate i of a run with the given seed:
// the run's seed and the index mixed by one SplitMix64 step, so that
// neighbouring indices and seeds give unrelated streams.
func candidateRNG(seed uint64, i int) *rng {
	r := rng{state: seed ^ uint64(i)*0xbf58476d1ce4e5b9}
	r.state = r.next()
	return &r
}

// next returns the next 64 random bits.
func (r *rng) next() uint64 {
	r.state += golden
	z := r.state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// intn returns a number in [0, n); n must be positive.
func (r *rng) intn(n int) int {
	// Lemire's multiply-shift; the bias for the small n used here is
	// below 2^-50.
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int(hi)
}

// float returns a number in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// chance reports true with probability p.
func (r *rng) chance(p float64) bool { return r.float() < p }

// pick returns an index of weights chosen with probability proportional to
// its weight; the weights must not all be zero.
func (r *rng) pick(weights []float64) int {
	total := 0.0
	for _, w := range weights {
		total += w
	}
	x := r.float() * total
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return len(weights) - 1
}

// key is the sort key of an item of weight w in a weighted random order
// without replacement (Efraimidis and Spirakis): sorting by descending key
// draws items with probability proportional to their weights. Weight 0
// gives -Inf, last of all (a random number is drawn all the same).
func (r *rng) key(w float64) float64 {
	u := r.float()
	if w <= 0 {
		return math.Inf(-1)
	}
	if u == 0 {
		u = 1e-300
	}
	return math.Log(u) / w
}
