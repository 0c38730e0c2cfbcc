package grid

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// Scenario is one line of a Moving AI .map.scen file: a query and its
// published optimal octile length.
type Scenario struct {
	Bucket        int
	Map           string  // the map name as written; pair files by file name
	Width, Height int     // the map size the line was made for
	Start, Goal   Point   // not checked against Width and Height: see Check
	Optimal       float64 // published optimal length (straight 1, diagonal √2)
	Decimals      int     // digits after the decimal point in the file
}

// Tolerance is how far a computed length may be from Optimal and still
// match: max(1e-3, half a unit in the last printed digit), because the
// files print lengths rounded to varying precision.
func (s Scenario) Tolerance() float64 {
	return max(1e-3, 0.5*math.Pow(10, -float64(s.Decimals)))
}

// Matches reports whether length equals the published optimum within
// Tolerance.
func (s Scenario) Matches(length float64) bool {
	return math.Abs(length-s.Optimal) <= s.Tolerance()
}

// ErrMismatch is wrapped by the error for a scenario made for a map of
// another size than the grid it is checked against.
var ErrMismatch = errors.New("grid: scenario is for another map")

// Check reports whether s can be asked on g: it returns an error wrapping
// ErrMismatch if s was made for a map of another size (its Width and
// Height), ErrOutOfBounds if its start or goal is off g, ErrBlocked if one
// is blocked, and ErrNilGrid for a nil g. The map name is not compared:
// Moving AI files name maps by paths that need not match the file's. O(1).
func (s Scenario) Check(g *Grid) error {
	if g == nil {
		return fmt.Errorf("%w: scenario checked against no grid", ErrNilGrid)
	}
	if s.Width != g.w || s.Height != g.h {
		return fmt.Errorf("%w: %s is %d×%d, the grid %d×%d", ErrMismatch, s.Map, s.Width, s.Height, g.w, g.h)
	}
	if err := g.check(s.Start, "start"); err != nil {
		return err
	}
	return g.check(s.Goal, "goal")
}

// maxDecimals bounds the digits after the decimal point of an optimal
// length, read or written.
const maxDecimals = 1000

// maxScenLine bounds one scenario line.
const maxScenLine = 4096

// ReadScen reads a Moving AI .map.scen file: a "version 1" (or "version
// 1.0") line, then one problem per line, "bucket map width height startX
// startY goalX goalY optimal", separated by tabs or spaces. Malformed lines
// (an optimal length with more than 1000 decimals among them, which
// WriteScen could not write back) return an error wrapping ErrFormat that
// names the line; a nil r, ErrNil.
// A well-formed line whose start or goal lies outside its own width and
// height is read as it is: it is that line's query that is invalid, not
// the file (see Scenario.Check). O(bytes).
func ReadScen(r io.Reader) ([]Scenario, error) {
	if r == nil {
		return nil, fmt.Errorf("%w: ReadScen from a nil reader", ErrNil)
	}
	br := bufio.NewReaderSize(r, maxScenLine)
	var out []Scenario
	line := 0
	for {
		b, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			return nil, fmt.Errorf("%w: scen line %d longer than %d bytes", ErrFormat, line+1, maxScenLine)
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		if len(b) == 0 && err == io.EOF {
			break
		}
		line++
		f := strings.Fields(string(b))
		switch {
		case len(f) == 0:
		case line == 1:
			if len(f) != 2 || f[0] != "version" || (f[1] != "1" && f[1] != "1.0") {
				return nil, fmt.Errorf("%w: scen line 1: want \"version 1\", got %q", ErrFormat, trunc(b))
			}
		default:
			s, perr := parseScen(f)
			if perr != nil {
				return nil, fmt.Errorf("%w: scen line %d: %s", ErrFormat, line, perr)
			}
			out = append(out, s)
		}
		if err == io.EOF {
			break
		}
	}
	if line == 0 {
		return nil, fmt.Errorf("%w: empty scen file", ErrFormat)
	}
	return out, nil
}

func parseScen(f []string) (Scenario, error) {
	var s Scenario
	if len(f) != 9 {
		return s, fmt.Errorf("%d fields, want 9", len(f))
	}
	var v [7]int
	idx := [7]int{0, 2, 3, 4, 5, 6, 7}
	for k, i := range idx {
		n, err := strconv.Atoi(f[i])
		if err != nil || n < 0 || n > MaxSide {
			return s, fmt.Errorf("field %d: %q is not an integer in 0..%d", i+1, trunc([]byte(f[i])), MaxSide)
		}
		v[k] = n
	}
	s.Bucket, s.Map, s.Width, s.Height = v[0], f[1], v[1], v[2]
	s.Start, s.Goal = Point{v[3], v[4]}, Point{v[5], v[6]}
	opt, err := strconv.ParseFloat(f[8], 64)
	if err != nil || opt < 0 || math.IsInf(opt, 0) || math.IsNaN(opt) {
		return s, fmt.Errorf("optimal length %q", trunc([]byte(f[8])))
	}
	s.Optimal = opt
	if i := strings.IndexByte(f[8], '.'); i >= 0 {
		s.Decimals = len(f[8]) - i - 1
	}
	if s.Decimals > maxDecimals {
		// WriteScen could not write it back.
		return s, fmt.Errorf("optimal length %q with more than %d decimals", trunc([]byte(f[8])), maxDecimals)
	}
	return s, nil
}

// WriteScen writes scenarios in the Moving AI format ("version 1", tab
// separated, lengths with each scenario's Decimals; with Decimals 0, a
// whole length without a point, as ReadScen read it, and any other with
// 8). A scenario
// ReadScen would refuse (a map name that is empty or holds white space, a
// number outside 0..MaxSide, an optimal length that is negative or not
// finite, Decimals outside 0..1000, a line too long) is an error wrapping
// ErrFormat, and nothing is written; a nil w is ErrNil. O(len(scens)).
func WriteScen(w io.Writer, scens []Scenario) error {
	if w == nil {
		return fmt.Errorf("%w: WriteScen to a nil writer", ErrNil)
	}
	var line []byte
	for i, s := range scens {
		if s.Map == "" || strings.IndexFunc(s.Map, unicode.IsSpace) >= 0 {
			return fmt.Errorf("%w: scenario %d: map name %q", ErrFormat, i, trunc([]byte(s.Map)))
		}
		for _, v := range [...]int{s.Bucket, s.Width, s.Height, s.Start.X, s.Start.Y, s.Goal.X, s.Goal.Y} {
			if v < 0 || v > MaxSide {
				return fmt.Errorf("%w: scenario %d: %d is not in 0..%d", ErrFormat, i, v, MaxSide)
			}
		}
		if s.Optimal < 0 || math.IsInf(s.Optimal, 0) || math.IsNaN(s.Optimal) || s.Decimals < 0 || s.Decimals > maxDecimals {
			return fmt.Errorf("%w: scenario %d: optimal length %v with %d decimals", ErrFormat, i, s.Optimal, s.Decimals)
		}
		if line = appendScen(line[:0], s); len(line) > maxScenLine {
			return fmt.Errorf("%w: scenario %d: line of %d bytes, at most %d", ErrFormat, i, len(line), maxScenLine)
		}
	}
	bw := bufio.NewWriter(w)
	bw.WriteString("version 1\n")
	for _, s := range scens {
		line = appendScen(line[:0], s)
		bw.Write(line)
	}
	return bw.Flush()
}

// appendScen appends s as one line of a scenario file.
func appendScen(b []byte, s Scenario) []byte {
	d := s.Decimals
	if d == 0 && s.Optimal != math.Trunc(s.Optimal) {
		d = 8
	}
	return fmt.Appendf(b, "%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.*f\n", s.Bucket, s.Map, s.Width, s.Height,
		s.Start.X, s.Start.Y, s.Goal.X, s.Goal.Y, d, s.Optimal)
}
