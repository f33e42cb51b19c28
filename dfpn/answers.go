package dfpn

import "gomate/position"

// answerTable is Nagai's heuristic C: when a move proves an attacker's node
// or disproves a defender's node, it is recorded as the answer to the move
// that led there, keyed by that move's from and to squares (by kind and to
// square for a drop). Among children with equal numbers the recorded answer
// is searched first: the same refutation tends to work again after the same
// move elsewhere in the tree.
type answerTable struct {
	moves [2][answerKeys]position.Move // by the colour that moved first
}

// answerKeys counts the keys: 81 origins plus 8 drop kinds, times 81
// destinations.
const answerKeys = (position.NumSquares + 8) * position.NumSquares

func answerKey(m position.Move) int {
	from := int(m.From())
	if m.IsDrop() {
		from = position.NumSquares + int(m.DropType())
	}
	return from*position.NumSquares + int(m.To())
}

// lookup returns the recorded answer to m, or NoMove (also when t is nil,
// the heuristic being off).
func (t *answerTable) lookup(m position.Move) position.Move {
	if t == nil || m == position.NoMove || m.IsPass() {
		return position.NoMove
	}
	return t.moves[m.Piece().Color()][answerKey(m)]
}

// record notes answer as the reply that decided the node reached by m.
func (t *answerTable) record(m, answer position.Move) {
	if t == nil || m == position.NoMove || m.IsPass() {
		return
	}
	t.moves[m.Piece().Color()][answerKey(m)] = answer
}
