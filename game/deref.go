package game

import "reflect"

// deref turns the pointer a registry hands out for decoding back into the
// value type the ruleset's Evolve switches on, when the ruleset registers
// value types.
func deref(e Event) Event {
	v := reflect.ValueOf(e)
	if v.Kind() == reflect.Pointer && !v.IsNil() {
		if ev, ok := v.Elem().Interface().(Event); ok {
			return ev
		}
	}
	return e
}
