package rate

import "math"

// The weights of Score (docs/difficulty.md#the-score gives the reasons).
const (
	wPlies     = 1.0  // per doubling of the length
	wPNMax     = 1.0  // per doubling of the root's largest pn
	wUpdates   = 0.5  // per doubling of the root's updates
	wSacrifice = 0.5  // per sacrifice
	wBlindSpot = 0.25 // per non-promotion or distant move
	wCapture   = 0.25 // taken off per capture
)

// Score is r's difficulty score, a weighted sum of logarithms of the
// search's numbers and counts of the line's features:
//
//	log2(1+Plies) + log2(1+PNMax) + 0.5·log2(1+Updates)
//	+ 0.5·Sacrifices + 0.25·(NonPromotions + DistantMoves) − 0.25·Captures
//
// Larger is harder. The weights are chosen by reasoning, not fitted.
func Score(r Rating) float64 {
	f, st := r.Features, r.Root
	return wPlies*math.Log2(1+float64(f.Plies)) +
		wPNMax*math.Log2(1+float64(st.PNMax)) +
		wUpdates*math.Log2(1+float64(st.Updates)) +
		wSacrifice*float64(f.Sacrifices) +
		wBlindSpot*float64(f.NonPromotions+f.DistantMoves) -
		wCapture*float64(f.Captures)
}
