package cli

import (
	"strings"
	"testing"
)

// TestGenerateShapeUsageErrors: bad -shape, -shape-of and -pieces values,
// and requests known to be impossible, are refused with a message and
// exit status 2 before anything runs.
func TestGenerateShapeUsageErrors(t *testing.T) {
	const row = "........./"
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-shape", "heart"}, `unknown shape "heart": want a mask`},
		{[]string{"-shape", "heart"}, "i, l, v, t, 7, plus, two, diamond, box"},
		{[]string{"-shape", "........#/........#"}, "2 rows"},
		{[]string{"-shape", strings.Repeat(row, 8) + "....x...."}, "is not '#' or '.'"},
		{[]string{"-shape", strings.Repeat(row, 8) + "........."}, "no square"},
		{[]string{"-shape", strings.TrimSuffix(strings.Repeat("#########/", 9), "/")}, "81 squares"},
		{[]string{"-shape", "t", "-shape-of", "middle"}, "-shape-of"},
		{[]string{"-shape-of", "final"}, "-shape-of final needs -shape"},
		{[]string{"-shape", "t", "-pieces", "bare-king"}, "a bare king stands alone"},
		{[]string{"-pieces", "bare-king", "-plies", "1"}, "cannot be mated in one ply"},
		{[]string{"-pieces", "bare-king,hand=-"}, "nothing can give check"},
		{[]string{"-pieces", "one-kind=K"}, "one-kind=K"},
		{[]string{"-pieces", "hand=3R"}, "the game has 2"},
		{[]string{"-pieces", "naked"}, "unknown term"},
		{[]string{"-shape", "v", "-pieces", "one-kind=R,hand=R"}, "need more pieces of R"},
		{[]string{"-shape", "t", "-plies", "4"}, "odd length"},
		{[]string{"-pieces", "one-kind=G", "-mate", "8k/7G1/9/9/9/9/9/9/9 w 2r2b3g4s4n4l18p 1"}, "cannot be combined"},
	}
	for _, c := range cases {
		var out, errOut strings.Builder
		code := Run(append([]string{"generate"}, c.args...), strings.NewReader(""), &out, &errOut)
		if code != 2 || !strings.Contains(errOut.String(), c.want) || out.Len() > 0 {
			t.Errorf("%q: exit %d, stderr %q, want 2 and %q", c.args, code, errOut.String(), c.want)
		}
	}
}
