package postgres

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/grognard/grognard/storage"
)

// validKey checks a value's key or a server's name as storage does: non-empty
// UTF-8 without NUL bytes, at most 512 bytes.
func validKey(field, v string) error {
	switch {
	case v == "":
		return fmt.Errorf("%w: %s is empty", storage.ErrBadInput, field)
	case len(v) > 512:
		return fmt.Errorf("%w: %s is longer than 512 bytes", storage.ErrBadInput, field)
	case !utf8.ValidString(v) || strings.IndexByte(v, 0) >= 0:
		return fmt.Errorf("%w: %s %q is not UTF-8 without NUL", storage.ErrBadInput, field, v)
	}
	return nil
}

// PutValue stores an application value under key (an empty or nil val
// deletes it).
func (s *Store) PutValue(key string, val []byte) error {
	if err := validKey("key", key); err != nil {
		return err
	}
	return s.put(`app_values`, `key`, key, val)
}

// SwapValue stores val under key only if the value there is still old
// (nil or empty: no value), and reports whether it did; an empty val
// deletes. Each case is one statement whose WHERE (or ON CONFLICT DO
// NOTHING) is the comparison, so that the database decides between two
// processes swapping at once.
func (s *Store) SwapValue(key string, old, val []byte) (bool, error) {
	if err := validKey("key", key); err != nil {
		return false, err
	}
	ctx, cancel := s.ctx()
	defer cancel()
	var (
		tag pgconn.CommandTag
		err error
	)
	switch {
	case len(old) == 0 && len(val) == 0:
		var none bool
		err = s.pool.QueryRow(ctx, `SELECT NOT EXISTS (SELECT 1 FROM app_values WHERE key = $1)`, key).Scan(&none)
		return none && err == nil, dbErr(err)
	case len(old) == 0:
		tag, err = s.pool.Exec(ctx, `INSERT INTO app_values (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, key, val)
	case len(val) == 0:
		tag, err = s.pool.Exec(ctx, `DELETE FROM app_values WHERE key = $1 AND value = $2`, key, old)
	default:
		tag, err = s.pool.Exec(ctx, `UPDATE app_values SET value = $3 WHERE key = $1 AND value = $2`, key, old, val)
	}
	if err != nil {
		return false, dbErr(err)
	}
	return tag.RowsAffected() == 1, nil
}

// Value returns the application value under key, or nil.
func (s *Store) Value(key string) ([]byte, error) {
	return s.get(`SELECT value FROM app_values WHERE key = $1`, key)
}

// Values returns the application values whose keys start with prefix, in
// key order.
func (s *Store) Values(prefix string) ([]storage.KeyValue, error) {
	return s.pairs(`SELECT key, value FROM app_values WHERE key LIKE $1 ORDER BY key`, likePrefix(prefix))
}

// PutServerSettings stores the settings of a server (an empty or nil val
// deletes them).
func (s *Store) PutServerSettings(server string, val []byte) error {
	if err := validKey("server", server); err != nil {
		return err
	}
	return s.put(`servers`, `server`, server, val)
}

// ServerSettings returns the settings stored for a server, or nil.
func (s *Store) ServerSettings(server string) ([]byte, error) {
	return s.get(`SELECT value FROM servers WHERE server = $1`, server)
}

// Servers lists every server's settings, in key order.
func (s *Store) Servers() ([]storage.KeyValue, error) {
	return s.pairs(`SELECT server, value FROM servers ORDER BY server`)
}

func (s *Store) put(table, col, key string, val []byte) error {
	ctx, cancel := s.ctx()
	defer cancel()
	var err error
	if len(val) == 0 {
		_, err = s.pool.Exec(ctx, `DELETE FROM `+table+` WHERE `+col+` = $1`, key)
	} else {
		_, err = s.pool.Exec(ctx, `INSERT INTO `+table+` (`+col+`, value) VALUES ($1, $2) ON CONFLICT (`+col+`) DO UPDATE SET value = excluded.value`, key, val)
	}
	return dbErr(err)
}

func (s *Store) get(q, key string) ([]byte, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	var out []byte
	err := s.pool.QueryRow(ctx, q, key).Scan(&out)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return out, dbErr(err)
}

func (s *Store) pairs(q string, args ...any) ([]storage.KeyValue, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, dbErr(err)
	}
	var out []storage.KeyValue
	for rows.Next() {
		var kv storage.KeyValue
		if err := rows.Scan(&kv.Key, &kv.Value); err != nil {
			return nil, dbErr(err)
		}
		out = append(out, kv)
	}
	return out, dbErr(rows.Err())
}
