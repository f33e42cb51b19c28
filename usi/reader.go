package usi

import (
	"bufio"
	"errors"
	"io"
)

// maxLine bounds one input line. A position command with a thousand moves
// is about 6 KB; longer lines are dropped and reported.
const maxLine = 1 << 20

// inputLine is one line of input, or a report that a line was too long.
type inputLine struct {
	text    string
	tooLong int // when > 0, the line had this many bytes and was dropped
}

// readLines reads r line by line and sends each line on lines until EOF or
// a read error, then closes lines. It never blocks after done is closed.
// Lines may end in "\n" or "\r\n"; a last line without a newline counts.
func readLines(r io.Reader, lines chan<- inputLine, done <-chan struct{}) {
	defer close(lines)
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		l, err := readLine(br)
		if l.text != "" || l.tooLong > 0 || err == nil {
			select {
			case lines <- l:
			case <-done:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// readLine returns the next line without its end-of-line bytes. A line
// longer than maxLine is consumed whole but returned only as its length.
func readLine(br *bufio.Reader) (inputLine, error) {
	var buf []byte
	n := 0 // bytes consumed
	for {
		chunk, err := br.ReadSlice('\n')
		n += len(chunk)
		if len(buf) <= maxLine+2 {
			buf = append(buf, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if n > len(buf) {
			return inputLine{tooLong: n}, err
		}
		for len(buf) > 0 && (buf[len(buf)-1] == '\n' || buf[len(buf)-1] == '\r') {
			buf = buf[:len(buf)-1]
		}
		if len(buf) > maxLine {
			return inputLine{tooLong: len(buf)}, err
		}
		return inputLine{text: string(buf)}, err
	}
}
