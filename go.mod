module github.com/grognard/grognard

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/fogleman/gg v1.3.0
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0
	go.etcd.io/bbolt v1.5.0 // indirect
	golang.org/x/image v0.47.0
	golang.org/x/sys v0.49.0 // indirect
)
