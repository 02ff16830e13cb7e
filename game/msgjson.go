package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// A Msg is stored inside events (their narration, written when Decide
// resolved labels and factors) and refusals, and read back by a front end
// that renders it in another language later. Its arguments keep their
// types across JSON: a string or an integer is written as itself, every
// other type as an object naming it, so that a Term is still translated
// and a nested Msg still rendered after a round trip:
//
//	{"key":"gs.phase","args":{"turn":3,"phase":{"term":"combat"},"side":{"side":"A"}}}
//
// A value of a type the renderer does not know is stored as its English
// rendering.

type msgJSON struct {
	Key  string                     `json:"key"`
	Args map[string]json.RawMessage `json:"args,omitempty"`
}

// MarshalJSON writes m with typed arguments (see above).
func (m Msg) MarshalJSON() ([]byte, error) {
	out := msgJSON{Key: m.Key}
	if len(m.Args) > 0 {
		out.Args = make(map[string]json.RawMessage, len(m.Args))
		for _, a := range m.Args {
			b, err := marshalArg(a.Value)
			if err != nil {
				return nil, fmt.Errorf("message %s, argument %s: %w", m.Key, a.Name, err)
			}
			out.Args[a.Name] = b
		}
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads a Msg written by MarshalJSON.
func (m *Msg) UnmarshalJSON(b []byte) error {
	var in msgJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	*m = Msg{Key: in.Key}
	if len(in.Args) > 0 {
		m.Args = make([]Arg, 0, len(in.Args))
		for _, k := range slices.Sorted(maps.Keys(in.Args)) {
			v, err := unmarshalArg(in.Args[k])
			if err != nil {
				return fmt.Errorf("message %s, argument %s: %w", in.Key, k, err)
			}
			m.Args = append(m.Args, Arg{Name: k, Value: v})
		}
	}
	return nil
}

type typedArg struct {
	Term  *string   `json:"term,omitempty"`
	Plain *string   `json:"plain,omitempty"`
	Side  *Side     `json:"side,omitempty"`
	Msg   *Msg      `json:"msg,omitempty"`
	Msgs  []Msg     `json:"msgs,omitempty"`
	Words *[]string `json:"words,omitempty"`
}

func marshalArg(v any) ([]byte, error) {
	switch x := v.(type) {
	case string, int:
		return json.Marshal(x)
	case int64, int32, int8, int16, uint, uint8, uint16, uint32, uint64:
		return json.Marshal(x)
	case Term:
		s := string(x)
		return json.Marshal(typedArg{Term: &s})
	case Plain:
		s := string(x)
		return json.Marshal(typedArg{Plain: &s})
	case Side:
		return json.Marshal(typedArg{Side: &x})
	case Msg:
		return json.Marshal(typedArg{Msg: &x})
	case *Msg:
		if x == nil {
			return json.Marshal("")
		}
		return json.Marshal(typedArg{Msg: x})
	case []Msg:
		if x == nil {
			x = []Msg{}
		}
		return marshalMsgs(x)
	case []string:
		if x == nil {
			x = []string{}
		}
		return json.Marshal(typedArg{Words: &x})
	}
	return json.Marshal(renderArg(LangEN, v))
}

// marshalMsgs writes a list even when it is empty (omitempty would drop
// it and the list would come back as nothing).
func marshalMsgs(ms []Msg) ([]byte, error) {
	b, err := json.Marshal(ms)
	if err != nil {
		return nil, err
	}
	return append(append([]byte(`{"msgs":`), b...), '}'), nil
}

func unmarshalArg(raw json.RawMessage) (any, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "", nil
	}
	switch raw[0] {
	case '"':
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	case '{':
		var t typedArg
		if err := json.Unmarshal(raw, &t); err != nil {
			return nil, err
		}
		switch {
		case t.Term != nil:
			return Term(*t.Term), nil
		case t.Plain != nil:
			return Plain(*t.Plain), nil
		case t.Side != nil:
			return *t.Side, nil
		case t.Msg != nil:
			return *t.Msg, nil
		case t.Words != nil:
			return *t.Words, nil
		case bytes.Contains(raw, []byte(`"msgs"`)):
			if t.Msgs == nil {
				t.Msgs = []Msg{}
			}
			return t.Msgs, nil
		}
		return nil, fmt.Errorf("unknown argument %s", raw)
	}
	var n int
	if err := json.Unmarshal(raw, &n); err != nil {
		return nil, fmt.Errorf("argument %s: %w", raw, err)
	}
	return n, nil
}

// withoutNarration is an event's JSON (as MarshalEvent writes it) without
// its narration: the fields "msg", "text" and "…_msg" at any depth. The
// narration is the event's data in words, worded by the version that
// wrote it (English text before messages were data, a Msg after), so a
// log that differs from the rules only in wording is not drift.
func withoutNarration(b []byte) []byte {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return b
	}
	out, err := json.Marshal(stripNarration(v))
	if err != nil {
		return b
	}
	return out
}

func stripNarration(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if k == "msg" || k == "text" || strings.HasSuffix(k, "_msg") {
				delete(x, k)
				continue
			}
			x[k] = stripNarration(e)
		}
	case []any:
		for i, e := range x {
			x[i] = stripNarration(e)
		}
	}
	return v
}
