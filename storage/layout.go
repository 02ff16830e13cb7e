package storage

import (
	"encoding/binary"
	"strconv"
)

// SchemaVersion is the layout this build writes. Older versions are
// upgraded at open (see upgrade.go); newer ones are refused.
const SchemaVersion = 2

// storeMagic marks a bbolt file as a grognard store.
const storeMagic = "grognard store"

// Top-level buckets of schema versions 1 and 2 (doc.go draws the whole
// layout).
var (
	bucketStore        = []byte("store")
	bucketGames        = []byte("games")
	bucketSeeds        = []byte("seeds")
	bucketRooms        = []byte("rooms")
	bucketPlayers      = []byte("players")
	bucketDeadlines    = []byte("deadlines")
	bucketInteractions = []byte("interactions")
)

// Keys of the store bucket.
var (
	keyMagic   = []byte("magic")
	keySchema  = []byte("schema")
	keyCreated = []byte("created")
)

// Keys and buckets inside one game's bucket.
var (
	keyMeta       = []byte("meta")
	keyScenario   = []byte("scenario") // schema 2: the game's resolved scenario
	bucketLog     = []byte("log")
	bucketSnap    = []byte("snap")
	requiredV1    = [][]byte{bucketStore, bucketGames, bucketSeeds, bucketRooms, bucketPlayers, bucketDeadlines, bucketInteractions}
	requiredV0    = [][]byte{bucketStore, bucketGames}
	requiredByVer = map[int][][]byte{0: requiredV0, 1: requiredV1, 2: requiredV1}
)

// seqKey is the key of record or snapshot n: 8 bytes big-endian, so that
// bbolt's byte order is numeric order.
func seqKey(n int) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(n))
	return b[:]
}

func keySeq(k []byte) (int, bool) {
	if len(k) != 8 {
		return 0, false
	}
	v := binary.BigEndian.Uint64(k)
	if v > 1<<62 {
		return 0, false
	}
	return int(v), true
}

// pairKey joins an index key and a game id with a NUL byte, which ids and
// names may not contain.
func pairKey(a, gameID string) []byte {
	k := make([]byte, 0, len(a)+1+len(gameID))
	k = append(k, a...)
	k = append(k, 0)
	return append(k, gameID...)
}

func pairPrefix(a string) []byte {
	return append([]byte(a), 0)
}

func schemaString(v int) []byte { return []byte(strconv.Itoa(v)) }
