package bot

import (
	"errors"
)

// userError is a refusal the bot explains to the asker: a catalogue key
// and its placeholder values. It never carries internal detail.
type userError struct {
	key   string
	kv    []any
	usage *Command // when set, the reply ends with the command's usage
}

func (e *userError) Error() string { return e.key }

// uerr builds a userError.
func uerr(key string, kv ...any) error { return &userError{key: key, kv: kv} }

// usageErr is a userError that also shows how to write the command.
func usageErr(c *Command, key string, kv ...any) error {
	return &userError{key: key, kv: kv, usage: c}
}

var (
	// errEmpty: nothing was said (an empty line); the bot stays silent.
	errEmpty       = errors.New("bot: empty request")
	errNotPositive = errors.New("bot: not a positive duration")
)
