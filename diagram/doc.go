// Package diagram draws shogi positions as the diagrams composers and
// solvers read: SVG boards and self-contained HTML pages of problems, for
// the problem generator's -format html.
//
// The files, in reading order:
//
//   - svg.go: SVG and its Options: the board, its grid and star points,
//     the file and rank numerals, the pieces (White's upside down), the
//     shaded squares.
//   - hands.go: the two hands in columns beside the board, labelled as in
//     a tsume problem (攻方持駒, 玉方持駒 残り全部) or as in a game.
//   - geometry.go: the layout, in CSS pixels.
//   - bod.go: what is drawn comes from position.BOD, the KIF board
//     diagram, so the names and numerals are the KIF records' own.
//   - page.go: Page, one HTML page of Problems: heading and length
//     ("9手詰"), diagram, metrics, notes and the solution behind a closed
//     <details> (解答), with no script and nothing outside the page.
package diagram
