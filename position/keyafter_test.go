package position

import "testing"

// TestBoardKeyAfter plays every legal move of a few positions and compares
// the predicted key and hands with the ones DoMove produces.
func TestBoardKeyAfter(t *testing.T) {
	sfens := []string{
		StartSFEN,
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
		"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
	}
	var buf [MaxMoves]Move
	for _, s := range sfens {
		p, err := FromSFEN(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range p.GenerateLegal(buf[:0]) {
			k, fk := p.BoardKeyAfter(m), p.KeyAfter(m)
			if bk2, fk2 := p.KeysAfter(m); bk2 != k || fk2 != fk {
				t.Errorf("%s %s: KeysAfter differs from BoardKeyAfter/KeyAfter", s, m)
			}
			hb, hw := p.HandAfter(m, Black), p.HandAfter(m, White)
			p.DoMove(m)
			if p.BoardKey() != k || p.Key() != fk || p.Hand(Black) != hb || p.Hand(White) != hw {
				t.Errorf("%s %s: predicted key/hands differ from DoMove", s, m)
			}
			p.UndoMove()
		}
	}
}
