package storage

import (
	"errors"
	"fmt"
	"sync"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// committer is the store's group commit. Writers queue a function; one
// goroutine takes everything queued (up to max) as soon as the previous
// commit is done, runs the functions in one bbolt transaction and commits
// once. A lone writer therefore waits for exactly one commit (there is no
// batching timer, unlike bolt.DB.Batch, whose 10 ms MaxBatchDelay triples
// the latency of a few concurrent writers), and many writers share the
// two fsyncs of a commit.
//
// A function that refuses its write (a conflict, a duplicate, bad input)
// returns reject(err) before writing anything; the batch goes on without
// it. Any other error, or a panic, aborts the transaction, and every
// function of the batch is then retried in a transaction of its own so
// that one failure never fails a neighbour.
type committer struct {
	db  *bolt.DB
	max int

	mu     sync.Mutex
	queue  []*pending
	closed bool
	wake   chan struct{}
	done   chan struct{}
}

type pending struct {
	fn  func(*bolt.Tx) error
	err chan error
}

func newCommitter(db *bolt.DB, max int) *committer {
	c := &committer{db: db, max: max, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go c.loop()
	return c
}

func (c *committer) do(fn func(*bolt.Tx) error) error {
	p := &pending{fn: fn, err: make(chan error, 1)}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return ErrClosed
	}
	c.queue = append(c.queue, p)
	c.mu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
	return <-p.err
}

// close stops taking writes, finishes the queued ones and returns.
func (c *committer) close() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
	<-c.done
}

func (c *committer) loop() {
	defer close(c.done)
	for range c.wake {
		for {
			c.mu.Lock()
			n := min(len(c.queue), c.max)
			batch := c.queue[:n:n]
			c.queue = c.queue[n:]
			if len(c.queue) == 0 {
				c.queue = nil
			}
			closed := c.closed
			c.mu.Unlock()
			if n == 0 {
				if closed {
					return
				}
				break
			}
			c.run(batch)
		}
	}
}

// batchAbort carries the error that aborted a shared transaction.
type batchAbort struct{ err error }

func (b batchAbort) Error() string { return b.err.Error() }

func (c *committer) run(batch []*pending) {
	if len(batch) == 1 {
		batch[0].err <- c.solo(batch[0].fn)
		return
	}
	results := make([]error, len(batch))
	err := c.db.Update(func(tx *bolt.Tx) error {
		for i, p := range batch {
			err := call(p.fn, tx)
			var rj rejected
			switch {
			case err == nil:
			case errors.As(err, &rj):
				results[i] = rj.err
			default:
				return batchAbort{err}
			}
		}
		return nil
	})
	var abort batchAbort
	if errors.As(err, &abort) {
		for _, p := range batch {
			p.err <- c.solo(p.fn)
		}
		return
	}
	for i, p := range batch {
		if err != nil {
			p.err <- commitErr(err)
		} else {
			p.err <- results[i]
		}
	}
}

func (c *committer) solo(fn func(*bolt.Tx) error) error {
	err := c.db.Update(func(tx *bolt.Tx) error { return call(fn, tx) })
	var rj rejected
	if errors.As(err, &rj) {
		return rj.err
	}
	if err != nil {
		return commitErr(err)
	}
	return nil
}

func commitErr(err error) error {
	if errors.Is(err, berrors.ErrDatabaseNotOpen) {
		return ErrClosed
	}
	return err
}

// call runs fn, turning a panic into an error that aborts the transaction.
func call(fn func(*bolt.Tx) error, tx *bolt.Tx) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("storage: panic in write: %v", p)
		}
	}()
	return fn(tx)
}
