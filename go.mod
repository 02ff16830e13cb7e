module github.com/grognard/grognard

go 1.26
