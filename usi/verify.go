package usi

import (
	"errors"
	"fmt"

	"gomate/position"
)

// VerifyLine checks a mating line from root: every move is legal, every
// attacker move gives check, the last move is the attacker's and leaves
// the defender mated. The attacker is the side to move, or its opponent
// when rootIsDefender. root is not modified. The server never prints a
// line that fails this check, and the CLI uses it to vouch for answers.
func VerifyLine(root *position.Position, line []position.Move, rootIsDefender bool) error {
	if len(line) == 0 {
		return errors.New("empty line")
	}
	if (len(line)%2 == 1) == rootIsDefender {
		return fmt.Errorf("%d plies: the last move would be the defender's", len(line))
	}
	p := root.Clone()
	for i, m := range line {
		if m.IsPass() || !p.IsLegal(m) {
			return fmt.Errorf("ply %d: %s is not legal in %s", i+1, m, p.SFEN())
		}
		p.DoMove(m)
		attacker := (i%2 == 0) != rootIsDefender
		if attacker && !p.InCheck() {
			return fmt.Errorf("ply %d: attacker move %s does not give check", i+1, m)
		}
	}
	if !p.IsMate() {
		return fmt.Errorf("the line does not end in mate: %s", p.SFEN())
	}
	return nil
}

// lineText is the USI text of a line: moves separated by single spaces.
func lineText(line []position.Move) []string {
	out := make([]string, len(line))
	for i, m := range line {
		out[i] = m.String()
	}
	return out
}
