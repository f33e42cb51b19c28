package position

// perftStackDepth is how many plies of move lists Perft keeps on its own
// stack; deeper searches take their lists from one heap buffer.
const perftStackDepth = 8

// Perft counts the leaves of the legal move tree to the given depth. The
// last ply is counted in bulk: its moves are generated, not played.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	// One buffer for every ply's list, so that no call zeroes its own.
	var stack [perftStackDepth * MaxMoves]Move
	buf := stack[:]
	if depth > perftStackDepth {
		buf = make([]Move, depth*MaxMoves)
	}
	return p.perft(depth, buf)
}

// perft is Perft with the move lists of this ply and those below in buf.
func (p *Position) perft(depth int, buf []Move) uint64 {
	moves := p.GenerateLegal(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	rest := buf[len(moves):]
	var n uint64
	for _, m := range moves {
		p.DoMove(m)
		n += p.perft(depth-1, rest)
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
