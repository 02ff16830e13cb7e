package sdc

import (
	"math"
	"strings"

	"github.com/grognard/grognard/game/grid"
)

// Facing on the hex grid (SDC-G.7). The project's hex grid is flat-topped
// (DESIGN.md: CCRR labels on flat-top columns); the digest's pointy-top
// layout turned a quarter. An element faces one of the six hex vertices,
// numbered 0 … 5 clockwise from north-north-east: vertex v lies between the
// hexside directions v and v+1 of package grid (0 N, 1 NE, 2 SE, 3 S,
// 4 SW, 5 NW), at the bearing 30° + 60°·v. Its names are the compass words
// NE, E, SE, SW, W, NW. Seen from the element:
//
//	front      the two hexsides v and v+1 (±30°)
//	right flank the hexside v+2 (+90°)
//	rear       the hexsides v+3 and v+4 (±150°)
//	left flank  the hexside v+5 (−90°)
//
// So the sides face each other across the board's west and east edges
// (facings E and W), and a line facing east is a column of hexes touching
// through their flank hexsides N and S, as on the digest's board turned a
// quarter (SDC-G.2).
var facingNames = [6]string{"NE", "E", "SE", "SW", "W", "NW"}

// FacingName is the compass word of a facing.
func FacingName(v int) string { return facingNames[((v%6)+6)%6] }

// ParseFacing reads a facing word (NE, E, SE, SW, W, NW, any case).
func ParseFacing(s string) (int, bool) {
	for i, n := range facingNames {
		if strings.EqualFold(n, s) {
			return i, true
		}
	}
	return 0, false
}

// Faces of an element (TBL-24).
const (
	Front = "front"
	Flank = "flank"
	Rear  = "rear"
)

// faceTouched is the face of an element at x facing v that the adjacent
// cell y touches (SDC-G.8, TBL-24).
func faceTouched(x grid.Coord, v int, y grid.Coord) string {
	d := grid.DirTo(hexGrid, x, y)
	if d < 0 {
		return ""
	}
	switch (d - v + 12) % 6 {
	case 0, 1:
		return Front
	case 2, 5:
		return Flank
	}
	return Rear
}

// frontDirs are the two hexside directions of a facing's front; flankDirs
// its flanks; rearDirs its rear.
func frontDirs(v int) []int { return []int{v % 6, (v + 1) % 6} }
func flankDirs(v int) []int { return []int{(v + 2) % 6, (v + 5) % 6} }
func rearDirs(v int) []int  { return []int{(v + 3) % 6, (v + 4) % 6} }

// hexGrid is any hex grid: directions and centres do not depend on size.
var hexGrid = grid.NewHex(1, 1)

// bearing is the compass bearing in degrees from the centre of a to the
// centre of b (0 north, clockwise).
func bearing(a, b grid.Coord) float64 {
	ax, ay := hexGrid.Center(a)
	bx, by := hexGrid.Center(b)
	d := math.Atan2(bx-ax, -(by-ay)) * 180 / math.Pi
	if d < 0 {
		d += 360
	}
	return d
}

// offFacing is the angle between facing v and the bearing from x to y,
// 0 … 180.
func offFacing(x grid.Coord, v int, y grid.Coord) float64 {
	d := math.Abs(bearing(x, y) - (30 + 60*float64(((v%6)+6)%6)))
	if d > 180 {
		d = 360 - d
	}
	return d
}

const eps = 1e-9

// sector is the face of an element at x facing v that a source at y, not
// necessarily adjacent, lies in (TBL-24): front up to 60°, flank strictly
// between 60° and 120°, rear from 120°.
func sector(x grid.Coord, v int, y grid.Coord) string {
	if grid.HexDistance(x, y) == 1 {
		return faceTouched(x, v, y)
	}
	switch d := offFacing(x, v, y); {
	case d <= 60+eps:
		return Front
	case d < 120-eps:
		return Flank
	}
	return Rear
}

// inArc reports whether y's centre lies within ±45° of facing v from x
// (the artillery arc, SDC-10.3, SDC-G.9).
func inArc(x grid.Coord, v int, y grid.Coord) bool { return offFacing(x, v, y) <= 45+eps }
