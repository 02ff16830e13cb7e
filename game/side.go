package game

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Side is one of the two players' sides. The zero value is side A, which
// moves first in every game shipped so far.
type Side int8

const (
	SideA Side = 0
	SideB Side = 1
	// Nobody is "no side": a spectator's view, a draw's winner, or a system
	// step that no player takes.
	Nobody Side = -1
)

// Sides lists the two playing sides in order.
var Sides = [2]Side{SideA, SideB}

func (s Side) String() string {
	switch s {
	case SideA:
		return "A"
	case SideB:
		return "B"
	}
	return "-"
}

// Other returns the opposing side.
func (s Side) Other() Side {
	switch s {
	case SideA:
		return SideB
	case SideB:
		return SideA
	}
	return Nobody
}

// Valid reports whether s is A or B.
func (s Side) Valid() bool { return s == SideA || s == SideB }

// ParseSide reads "A", "B" (any case) or "-".
func ParseSide(t string) (Side, error) {
	switch strings.ToUpper(strings.TrimSpace(t)) {
	case "A":
		return SideA, nil
	case "B":
		return SideB, nil
	case "-", "", "NONE":
		return Nobody, nil
	}
	return Nobody, fmt.Errorf("side %q: want A or B", t)
}

func (s Side) MarshalJSON() ([]byte, error) {
	if !s.Valid() {
		return []byte(`""`), nil
	}
	return json.Marshal(s.String())
}

func (s *Side) UnmarshalJSON(b []byte) error {
	var t string
	if err := json.Unmarshal(b, &t); err != nil {
		return err
	}
	v, err := ParseSide(t)
	*s = v
	return err
}

func (s Side) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

func (s *Side) UnmarshalText(b []byte) error {
	v, err := ParseSide(string(b))
	*s = v
	return err
}
