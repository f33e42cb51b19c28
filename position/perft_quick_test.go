package position

import "testing"

func TestPerftStartQuick(t *testing.T) {
	p := Startpos()
	want := []uint64{1, 30, 900, 25470, 719731}
	for d, w := range want {
		if got := p.Perft(d); got != w {
			t.Errorf("perft(%d) = %d, want %d", d, got, w)
		}
	}
}
