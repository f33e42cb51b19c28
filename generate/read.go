package generate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"gomate/dfpn"
	"gomate/position"
)

// ReadProblem reads a problem back from its JSON line, as MarshalLine
// writes it, and gives it its position and main line, so that a Dedup can
// take it and MarshalLine write it again. It refuses a line that is not
// one JSON object with only a Problem's fields, and a problem that could
// not have been generated: an SFEN that does not parse or has the
// defender (White) to move or without a king, a length that is not odd
// from 1 to MaxPlies, a main line that is not legal move by move, not of
// that length or not a mate under tsume rules (dfpn.VerifyMate), no
// method, a negative index or trials count. The error says which.
func ReadProblem(line []byte) (*Problem, error) {
	d := json.NewDecoder(bytes.NewReader(line))
	d.DisallowUnknownFields()
	p := new(Problem)
	if err := d.Decode(p); err != nil {
		return nil, fmt.Errorf("not a problem's JSON line: %v", err)
	}
	if _, err := d.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("not a problem's JSON line: more after the object")
	}
	pos, err := position.FromSFEN(p.SFEN)
	switch {
	case err != nil:
		return nil, fmt.Errorf("sfen %q: %v", p.SFEN, err)
	case pos.SideToMove() != attacker:
		return nil, fmt.Errorf("sfen %q: the defender (White) to move; a problem has the attacker to move", p.SFEN)
	case pos.KingSquare(defender) == position.NoSquare:
		return nil, fmt.Errorf("sfen %q: no defender's king", p.SFEN)
	case p.Plies < 1 || p.Plies%2 == 0 || p.Plies > MaxPlies:
		return nil, fmt.Errorf("plies %d: a mate has an odd length, from 1 to %d", p.Plies, MaxPlies)
	case p.Method == "":
		return nil, fmt.Errorf("no method")
	case p.Index < 0 || p.Trials < 0:
		return nil, fmt.Errorf("index %d, trials %d: negative", p.Index, p.Trials)
	}
	moves := strings.Fields(p.LineUSI)
	if len(moves) != p.Plies {
		return nil, fmt.Errorf("line_usi has %d moves, plies says %d", len(moves), p.Plies)
	}
	l, err := pos.ParseLine(moves)
	if err != nil {
		return nil, fmt.Errorf("line_usi: %v", err)
	}
	if err := dfpn.VerifyMate(pos, l, false, dfpn.Tsume); err != nil {
		return nil, fmt.Errorf("line_usi is not a mate: %v", err)
	}
	p.pos, p.line = pos, l
	if p.LastMoveAlternatives == nil {
		p.LastMoveAlternatives = []string{}
	}
	if p.EqualDefences == nil {
		p.EqualDefences = []EqualDefence{}
	}
	if p.Metrics == nil {
		p.Metrics = map[string]float64{}
	}
	return p, nil
}
