package position

import (
	"fmt"
	"strings"
)

// ParseMove reads a move in USI notation ("7g7f", "8h2b+", "P*5e", and
// "pass", "0000" or "null" for a pass) and returns it if it is legal in the
// position. The error says why it is not.
func (p *Position) ParseMove(s string) (Move, error) {
	switch s {
	case "pass", "0000", "null":
		if p.InCheck() {
			return NoMove, fmt.Errorf("move %q: cannot pass while in check", s)
		}
		return PassMove, nil
	}
	m, err := p.decodeMove(s)
	if err != nil {
		return NoMove, err
	}
	if !p.IsLegal(m) {
		return NoMove, fmt.Errorf("move %q is not legal in %s", s, p.SFEN())
	}
	return m, nil
}

func parseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i' {
		return NoSquare, false
	}
	return NewSquare(int(s[0]-'1'), int(s[1]-'a')), true
}

// decodeMove turns USI text into a Move using the pieces of the position,
// without checking legality.
func (p *Position) decodeMove(s string) (Move, error) {
	if len(s) == 4 && s[1] == '*' {
		pc, ok := pieceFromLetter(s[0])
		if !ok || pc.Color() != Black || !pc.Type().IsHandType() {
			return NoMove, fmt.Errorf("move %q: %q is not a piece that can be dropped", s, s[0])
		}
		to, ok := parseSquare(s[2:])
		if !ok {
			return NoMove, fmt.Errorf("move %q: bad square %q", s, s[2:])
		}
		return NewDrop(NewPiece(p.side, pc.Type()), to), nil
	}
	promote := strings.HasSuffix(s, "+")
	body := strings.TrimSuffix(s, "+")
	if len(body) != 4 {
		return NoMove, fmt.Errorf("move %q is not USI notation (7g7f, 8h2b+, P*5e)", s)
	}
	from, ok1 := parseSquare(body[:2])
	to, ok2 := parseSquare(body[2:])
	if !ok1 || !ok2 {
		return NoMove, fmt.Errorf("move %q: bad square", s)
	}
	pc := p.board[from]
	if pc == NoPiece {
		return NoMove, fmt.Errorf("move %q: no piece on %s", s, from)
	}
	if pc.Color() != p.side {
		return NoMove, fmt.Errorf("move %q: the piece on %s is not the side to move's", s, from)
	}
	return NewMove(from, to, pc, promote), nil
}

// ParseLine reads a line of USI moves, each legal in turn from p, without
// changing p.
func (p *Position) ParseLine(moves []string) ([]Move, error) {
	line, err := p.Clone().playMoves(moves)
	if err != nil {
		return nil, err
	}
	return line, nil
}

// playMoves plays USI moves, each legal in turn, and returns them; it stops
// with an error at the first that is not, the moves before it played.
func (p *Position) playMoves(moves []string) ([]Move, error) {
	line := make([]Move, 0, len(moves))
	for i, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return line, fmt.Errorf("moves[%d]: %w", i, err)
		}
		p.DoMove(m)
		line = append(line, m)
	}
	return line, nil
}

// ApplyMoves plays a list of USI moves (the tail of a position command),
// stopping with an error at the first that is not legal; the moves before
// it stay played.
func (p *Position) ApplyMoves(moves []string) error {
	_, err := p.playMoves(moves)
	return err
}

// ParsePositionCommand reads the arguments of a USI position command:
// "startpos [moves ...]" or "sfen <board> <side> <hands> [<move>] [moves ...]".
func ParsePositionCommand(args []string) (*Position, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("position: missing startpos or sfen")
	}
	var sfen []string
	rest := args[1:]
	switch args[0] {
	case "startpos":
		sfen = []string{StartSFEN}
	case "sfen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		sfen, rest = rest[:i], rest[i:]
	default:
		return nil, fmt.Errorf("position: want startpos or sfen, got %q", args[0])
	}
	p, err := FromSFEN(strings.Join(sfen, " "))
	if err != nil {
		return nil, err
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return nil, fmt.Errorf("position: unexpected %q after the position", rest[0])
		}
		if err := p.ApplyMoves(rest[1:]); err != nil {
			return nil, err
		}
	}
	return p, nil
}
