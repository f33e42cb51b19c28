package dfpn

import (
	"errors"
	"fmt"

	"gomate/position"
)

// VerifyMate checks an answer before it is shown: line, played from root,
// must be a mate under rules, every move legal, every attacker move a
// check, no position four times, the last move the attacker's and the
// defender mated after it (under tsume rules, left with futile drops
// only). The attacker is the side to move at root, or its opponent when
// rootIsDefender. An empty line is rejected: "checkmate" with no move is
// not an answer a GUI accepts. root is not modified.
//
// It is the one check every mating line passes before gomate prints it:
// the USI server's answers and progress lines, the command line's results,
// and the tests and tools that judge answers use it.
func VerifyMate(root *position.Position, line []position.Move, rootIsDefender bool, rules Rules) error {
	if len(line) == 0 {
		return errors.New("empty line")
	}
	attacker := root.SideToMove()
	if rootIsDefender {
		attacker = attacker.Opp()
	}
	return rules.VerifyLine(root, attacker, line)
}

// VerifyLine is Strict.VerifyLine.
//
// Deprecated: use VerifyMate to check an answer, or Rules.VerifyLine for
// a line with an explicit attacker; this shorthand is kept for the
// package's tests.
func VerifyLine(root *position.Position, attacker position.Color, line []position.Move) error {
	return Strict.VerifyLine(root, attacker, line)
}

// VerifyLine replays line from root and checks that it is a mate by
// attacker under the rules r: every move legal, every attacker move a
// check, no position reached a fourth time (sennichite), and the defender
// mated at the end (under tsume rules, left with futile drops only). An
// empty line is a mate only when the defender is to move and already
// mated. It leaves root unchanged. It is the core of
// VerifyMate, and the solver checks its own lines with it.
func (r Rules) VerifyLine(root *position.Position, attacker position.Color, line []position.Move) error {
	pos := root.Clone()
	if len(line) == 0 {
		if pos.SideToMove() != attacker && r.Mated(pos) {
			return nil
		}
		return fmt.Errorf("empty line and the defender is not mated")
	}
	// seen counts each position of the line, for sennichite: a line that
	// reaches one position a fourth time is a draw, and one by perpetual
	// check loses for the attacker, never a mate. A solver's line can
	// pass through a position up to three times (withoutSennichite in
	// pv.go says when).
	seen := map[uint64]int{pos.Key(): 1}
	for i, m := range line {
		if m.IsPass() || !pos.IsLegal(m) {
			return fmt.Errorf("ply %d: %s is not legal in %s", i+1, m, pos.SFEN())
		}
		byAttacker := pos.SideToMove() == attacker
		pos.DoMove(m)
		if byAttacker && !pos.InCheck() {
			return fmt.Errorf("ply %d: attacker's move %s does not give check", i+1, m)
		}
		if seen[pos.Key()]++; seen[pos.Key()] == 4 {
			return fmt.Errorf("ply %d: the position %s occurs a fourth time (sennichite)", i+1, pos.SFEN())
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
