package storage

import (
	"bytes"

	bolt "go.etcd.io/bbolt"
)

// bucketServers holds the settings of each chat server (a Discord guild, a
// Matrix room): its administrators' choices of admin role, language,
// deadline and rulesets, as the bot encodes them. Like the app bucket it
// is created by the first write, so older stores need no schema step and
// readers treat a missing bucket as empty.
var bucketServers = []byte("servers")

// PutServerSettings stores the settings of a server under its
// platform-qualified key ("discord:<guild id>", "matrix:<room id>"); an
// empty or nil val deletes them. The store does not interpret them.
func (s *Store) PutServerSettings(server string, val []byte) error {
	if err := validName("server", server); err != nil {
		return err
	}
	val = bytes.Clone(val)
	return s.update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketServers)
		if err != nil {
			return err
		}
		if len(val) == 0 {
			return b.Delete([]byte(server))
		}
		return b.Put([]byte(server), val)
	})
}

// ServerSettings returns the settings stored for a server, or nil when it
// has none.
func (s *Store) ServerSettings(server string) ([]byte, error) {
	var out []byte
	err := s.view(func(tx *bolt.Tx) error {
		if b := tx.Bucket(bucketServers); b != nil {
			out = bytes.Clone(b.Get([]byte(server)))
		}
		return nil
	})
	return out, err
}

// Servers lists every server's settings, in key order.
func (s *Store) Servers() ([]KeyValue, error) {
	var out []KeyValue
	err := s.view(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketServers)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			out = append(out, KeyValue{Key: string(k), Value: bytes.Clone(v)})
			return nil
		})
	})
	return out, err
}
