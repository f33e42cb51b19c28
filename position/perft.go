package position

// Perft counts the leaves of the legal move tree to the given depth. The
// last ply is counted in bulk: its moves are generated, not played.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [MaxMoves]Move
	moves := p.GenerateLegal(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.DoMove(m)
		n += p.Perft(depth - 1)
		p.UndoMove()
	}
	return n
}

// PerftDivide returns the perft count below each legal move.
func (p *Position) PerftDivide(depth int) map[Move]uint64 {
	var buf [MaxMoves]Move
	res := make(map[Move]uint64)
	for _, m := range p.GenerateLegal(buf[:0]) {
		p.DoMove(m)
		res[m] = p.Perft(depth - 1)
		p.UndoMove()
	}
	return res
}
