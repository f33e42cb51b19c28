package dfpn

import (
	"fmt"
	"strings"

	"gomate/position"
)

// Rules choose which defences count and so which line is the answer.
type Rules int

const (
	// Tsume is the composers' convention (the default): a futile
	// interposition (無駄合) is not a defence. See
	// docs/rules.md#futile-interpositions-the-definition-implemented and
	// futile.go for the definition.
	Tsume Rules = iota
	// Strict counts every legal evasion: the shortest mate against the
	// longest defence, as in a game.
	Strict
)

func (r Rules) String() string {
	if r == Strict {
		return "strict"
	}
	return "tsume"
}

// ParseRules reads "tsume" or "strict" (any case).
func ParseRules(s string) (Rules, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "tsume":
		return Tsume, nil
	case "strict":
		return Strict, nil
	}
	return Tsume, fmt.Errorf("unknown rules %q (want tsume or strict)", s)
}

// rulesSalt is mixed into every table key under tsume rules, so that one
// table never mixes the answers of the two rule sets.
const rulesSalt = 0x6A09E667F3BCC909

// Defences returns the replies that count as defences in pos, where the
// defender is to move: every legal move under strict rules; under tsume
// rules the same without the futile interpositions. The result is written
// into buf.
func (r Rules) Defences(pos *position.Position, buf []position.Move) []position.Move {
	moves := pos.GenerateLegal(buf)
	if r == Tsume {
		moves = dropFutile(pos, moves)
	}
	return moves
}

// Mated reports whether the side to move in pos is mated under the rules:
// in check with no defence.
func (r Rules) Mated(pos *position.Position) bool {
	if !pos.InCheck() {
		return false
	}
	if r == Strict {
		return pos.IsMate()
	}
	return pos.IsMate() || matedWithFutile(pos)
}
