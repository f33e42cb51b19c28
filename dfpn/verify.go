package dfpn

import (
	"fmt"

	"gomate/position"
)

// VerifyLine replays line from root and checks that it is a mate by
// attacker under strict rules: every move legal, every attacker move a
// check, and the last position a checkmate of the defender. It leaves root
// unchanged.
func VerifyLine(root *position.Position, attacker position.Color, line []position.Move) error {
	return Strict.VerifyLine(root, attacker, line)
}

// VerifyLine replays line from root and checks that it is a mate by
// attacker under the rules r: every move legal, every attacker move a
// check, and the defender mated at the end (under tsume rules, left with
// futile drops only). It leaves root unchanged.
func (r Rules) VerifyLine(root *position.Position, attacker position.Color, line []position.Move) error {
	pos := root.Clone()
	if len(line) == 0 {
		if pos.SideToMove() != attacker && r.Mated(pos) {
			return nil
		}
		return fmt.Errorf("empty line and the defender is not mated")
	}
	for i, m := range line {
		if m.IsPass() || !pos.IsLegal(m) {
			return fmt.Errorf("ply %d: %s is not legal in %s", i+1, m, pos.SFEN())
		}
		byAttacker := pos.SideToMove() == attacker
		pos.DoMove(m)
		if byAttacker && !pos.InCheck() {
			return fmt.Errorf("ply %d: attacker's move %s does not give check", i+1, m)
		}
	}
	if pos.SideToMove() == attacker {
		return fmt.Errorf("the line ends with the defender's move")
	}
	if !r.Mated(pos) {
		return fmt.Errorf("the final position %s is not mate", pos.SFEN())
	}
	return nil
}
