package usi

import (
	"errors"

	"gomate/dfpn"
	"gomate/position"
)

// VerifyLine checks a mating line from root with the rules' VerifyLine:
// every move is legal, every attacker move gives check, the last move is
// the attacker's and leaves the defender mated (under tsume rules, with
// nothing but futile drops left). The attacker is the side to
// move, or its opponent when rootIsDefender. An empty line is rejected:
// "checkmate" with no move is not an answer a GUI accepts. root is not
// modified. The server never prints a line that fails this check, and the
// CLI uses it to vouch for answers.
func VerifyLine(root *position.Position, line []position.Move, rootIsDefender bool, rules dfpn.Rules) error {
	if len(line) == 0 {
		return errors.New("empty line")
	}
	attacker := root.SideToMove()
	if rootIsDefender {
		attacker = attacker.Opp()
	}
	return rules.VerifyLine(root, attacker, line)
}

// lineText is the USI text of a line: moves separated by single spaces.
func lineText(line []position.Move) []string {
	out := make([]string, len(line))
	for i, m := range line {
		out[i] = m.String()
	}
	return out
}
