package rate

import "testing"

// TestScore: the formula on round numbers: log2(8) + log2(4) +
// 0.5·log2(4) + 0.5·2 + 0.25·(1+1) − 0.25·2 = 3 + 2 + 1 + 1 + 0.5 − 0.5.
func TestScore(t *testing.T) {
	r := Rating{
		Root:     RootStats{PNMax: 3, Updates: 3, DNMax: 100, PNMean: 2, DNMean: 50},
		Features: Features{Plies: 7, Sacrifices: 2, NonPromotions: 1, DistantMoves: 1, Captures: 2, Drops: 3, KingFreedom: 4, BoardPieces: 20},
	}
	if got := Score(r); got != 7 {
		t.Errorf("score %v, want 7", got)
	}
}
