package cli

import (
	"io"
	"strings"
	"testing"
)

func TestPerftDivide(t *testing.T) {
	var out strings.Builder
	if code := Run([]string{"perft", "-divide", "2", "position", "startpos"}, nil, &out, io.Discard); code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 32 || lines[0] != "1g1f 30" || lines[len(lines)-2] != "moves 30" || !strings.HasPrefix(lines[len(lines)-1], "perft 2: 900 nodes,") {
		t.Errorf("output:\n%s", out.String())
	}
}
