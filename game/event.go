package game

import (
	"encoding/json"
	"fmt"
)

// Event is a fact that happened in a game: a unit moved, a combat was
// resolved, a phase ended. Events are what the log stores; Evolve applies
// them. Each ruleset defines its own event types; Kind names the type in
// the log and must stay stable across versions.
type Event interface {
	Kind() string
}

// Secret is implemented by events that only one side may see (a private
// deployment, a drawn card). Views drop them for the other side. An owner
// of Nobody makes the event public (see AudienceOf).
type Secret interface {
	Event
	Owner() Side
}

// Explainer is implemented by events that narrate themselves in one line,
// with the factors and rule ids ("A3+A4 8 vs 3 in village ×2 → 1:1
// (GS-4.16); roll 4 → DR").
type Explainer interface {
	Event
	Explain() string
}

// VisibleTo reports whether viewer may see e (AudienceOf). Nobody, a
// spectator, sees only public events.
func VisibleTo(e Event, viewer Side) bool { return AudienceOf(e).Allows(viewer) }

type envelope struct {
	Kind string          `json:"kind"`
	Data json.RawMessage `json:"data"`
}

// MarshalEvent encodes an event as {"kind": …, "data": …}.
func MarshalEvent(e Event) ([]byte, error) {
	data, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	return json.Marshal(envelope{Kind: e.Kind(), Data: data})
}

// UnmarshalEvent decodes an event written by MarshalEvent with the
// ruleset's event registry.
func UnmarshalEvent(r Ruleset, b []byte) (Event, error) {
	var env envelope
	if err := json.Unmarshal(b, &env); err != nil {
		return nil, fmt.Errorf("event: %w", err)
	}
	e, ok := r.NewEvent(env.Kind)
	if !ok {
		return nil, fmt.Errorf("event: ruleset %s has no event kind %q", r.Name(), env.Kind)
	}
	if err := json.Unmarshal(env.Data, e); err != nil {
		return nil, fmt.Errorf("event %s: %w", env.Kind, err)
	}
	return deref(e), nil
}

// Events is a JSON-encodable list of events.
type Events []Event

func (es Events) MarshalJSON() ([]byte, error) {
	raw := make([]json.RawMessage, len(es))
	for i, e := range es {
		b, err := MarshalEvent(e)
		if err != nil {
			return nil, err
		}
		raw[i] = b
	}
	return json.Marshal(raw)
}

// UnmarshalEvents decodes a JSON list written by Events.MarshalJSON.
func UnmarshalEvents(r Ruleset, b []byte) (Events, error) {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	out := make(Events, len(raw))
	for i, m := range raw {
		e, err := UnmarshalEvent(r, m)
		if err != nil {
			return nil, err
		}
		out[i] = e
	}
	return out, nil
}
