package mech

import (
	"fmt"
	"strconv"
	"strings"
)

// Odds is the ratio of attack a to defence d as a combat results table
// heads its columns, "3:1" or "1:2", rounded in the defender's favour and
// capped at best:1 and 1:worst. No defence reads best:1, no attack
// 1:worst.
func Odds(a, d, best, worst int) string {
	if d <= 0 {
		return fmt.Sprintf("%d:1", best)
	}
	if a >= d {
		return fmt.Sprintf("%d:1", min(best, a/d))
	}
	if a <= 0 {
		return fmt.Sprintf("1:%d", worst)
	}
	return fmt.Sprintf("1:%d", min(worst, (d+a-1)/a))
}

// OddsColumns lists the columns of an odds table from the worst for the
// attacker to the best: 1:worst … 1:2, 1:1, 2:1 … best:1. A column's
// index in it is its position for column shifts.
func OddsColumns(best, worst int) []string {
	var out []string
	for k := worst; k >= 2; k-- {
		out = append(out, fmt.Sprintf("1:%d", k))
	}
	for k := 1; k <= best; k++ {
		out = append(out, fmt.Sprintf("%d:1", k))
	}
	return out
}

// Axis is a run of consecutive numbers along one side of a table: the
// differential columns of a CRT (-7 … +11), the rows of a die (1 … 6), or
// the positions of odds columns (0 … len-1). Values off the table are
// read at its nearest end.
type Axis struct{ Lo, Hi int }

// Clamp brings v inside the axis.
func (x Axis) Clamp(v int) int { return min(max(v, x.Lo), x.Hi) }

// Contains reports whether v is on the axis.
func (x Axis) Contains(v int) bool { return v >= x.Lo && v <= x.Hi }

// Shift moves v by shifts columns (left when negative) and clamps the
// result: a column shift never leaves the table.
func (x Axis) Shift(v, shifts int) int { return x.Clamp(v + shifts) }

// Index is the position of v, clamped, counted from Lo.
func (x Axis) Index(v int) int { return x.Clamp(v) - x.Lo }

// ParseAxis reads headings that must be consecutive integers, such as a
// differential CRT's "-7", "0", "+11".
func ParseAxis(heads []string) (Axis, error) {
	var x Axis
	for i, h := range heads {
		v, err := strconv.Atoi(strings.TrimPrefix(h, "+"))
		if err != nil {
			return Axis{}, fmt.Errorf("%q is not a number", h)
		}
		if i == 0 {
			x.Lo = v
		} else if v != x.Hi+1 {
			return Axis{}, fmt.Errorf("%q does not follow %d", h, x.Hi)
		}
		x.Hi = v
	}
	return x, nil
}

// Span is one heading of a table indexed by strength or range: "3" is
// {3, 3}, "5-6" is {5, 6}, "9+" is {9, Open}.
type Span struct{ Lo, Hi int }

// Open is the upper end of a "N+" span.
const Open = 1 << 30

// ParseSpans reads span headings: increasing, without gaps, from first
// up; only the last may be open ("N+").
func ParseSpans(heads []string, first int) ([]Span, error) {
	var out []Span
	next := first
	for i, h := range heads {
		var sp Span
		switch {
		case strings.HasSuffix(h, "+"):
			v, err := strconv.Atoi(strings.TrimSuffix(h, "+"))
			if err != nil || i != len(heads)-1 {
				return nil, fmt.Errorf("column %q: only the last column may be N+", h)
			}
			sp = Span{v, Open}
		case strings.Contains(h, "-"):
			a, b, _ := strings.Cut(h, "-")
			x, err1 := strconv.Atoi(a)
			y, err2 := strconv.Atoi(b)
			if err1 != nil || err2 != nil || y < x {
				return nil, fmt.Errorf("column %q: want N, N-M or N+", h)
			}
			sp = Span{x, y}
		default:
			v, err := strconv.Atoi(h)
			if err != nil {
				return nil, fmt.Errorf("column %q: want N, N-M or N+", h)
			}
			sp = Span{v, v}
		}
		if sp.Lo != next {
			return nil, fmt.Errorf("column %q: expected a column starting at %d", h, next)
		}
		next = sp.Hi + 1
		out = append(out, sp)
	}
	return out, nil
}

// SpanIndex is the index of the span holding v, or -1.
func SpanIndex(spans []Span, v int) int {
	for i, sp := range spans {
		if v >= sp.Lo && v <= sp.Hi {
			return i
		}
	}
	return -1
}
