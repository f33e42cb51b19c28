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
//
// Tests. svg_test.go parses the SVG (encoding/xml) and checks every
// square's glyph, its place, its turn and the hands against positions;
// page_test.go checks the page's escaping, contents and errors.
// browser_test.go opens a page in headless Chromium, takes a screenshot
// and compares it with the positions: ink in every occupied square and
// none in the empty ones, White's pieces upside down, the solution hidden
// until opened. It runs only with GOMATE_BROWSER=1 and then fails if
// chromium (or $GOMATE_CHROMIUM) cannot be run; GOMATE_BROWSER_OUT=DIR
// keeps its pages and screenshots in DIR.
package diagram
