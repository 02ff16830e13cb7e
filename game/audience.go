package game

import "strings"

// Audience is who may see a piece of output — an event, a refusal, a
// status line, a history entry, a board, an autocomplete answer, a part
// of an export: some of the two sides, and the spectators (anyone without
// a seat). Every front end decides delivery from it; nothing is shown
// outside its audience. The zero Audience is nobody at all.
type Audience uint8

const (
	audienceA Audience = 1 << iota
	audienceB
	audienceSpectators
)

// Everyone is the public audience: both sides and the spectators.
const Everyone = audienceA | audienceB | audienceSpectators

// Only is the audience of one side's secrets (Nobody: no one).
func Only(s Side) Audience {
	switch s {
	case SideA:
		return audienceA
	case SideB:
		return audienceB
	}
	return 0
}

// Allows reports whether viewer may see the output (Nobody: a spectator).
func (a Audience) Allows(viewer Side) bool {
	switch viewer {
	case SideA:
		return a&audienceA != 0
	case SideB:
		return a&audienceB != 0
	}
	return a&audienceSpectators != 0
}

// Public reports whether anyone may see the output.
func (a Audience) Public() bool { return a == Everyone }

func (a Audience) String() string {
	if a.Public() {
		return "everyone"
	}
	var parts []string
	for _, s := range Sides {
		if a.Allows(s) {
			parts = append(parts, s.String())
		}
	}
	if a&audienceSpectators != 0 {
		parts = append(parts, "spectators")
	}
	if len(parts) == 0 {
		return "nobody"
	}
	return strings.Join(parts, "+")
}

// Audienced is implemented by events whose audience is not simply one
// side's (Secret) or everyone's.
type Audienced interface {
	Event
	Audience() Audience
}

// AudienceOf is who may see event e: its own Audience, its Secret owner
// (a Secret whose owner is Nobody has been made public, e.g. a threshold
// the players agreed to announce), or everyone.
func AudienceOf(e Event) Audience {
	switch x := e.(type) {
	case Audienced:
		return x.Audience()
	case Secret:
		if o := x.Owner(); o.Valid() {
			return Only(o)
		}
	}
	return Everyone
}

// RefusalAudience is who may see a refused order and its refusal: the
// side that gave it, and no one else (a refusal can name a hex tried in a
// secret set-up, or what a face-down unit really is). A refusal to a user
// without a seat goes to that user alone, which the front end knows.
func RefusalAudience(cmd Command) Audience { return Only(cmd.Side) }

// RecordAudience is who may see the order text of a record: everyone if
// all its events are public, else only the sides that may see every one
// of them (the order "place R5 1207" tells as much as its event).
func RecordAudience(rec Record) Audience {
	a := Everyone
	for _, e := range rec.Events {
		a &= AudienceOf(e)
	}
	return a
}
