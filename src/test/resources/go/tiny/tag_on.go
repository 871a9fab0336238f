//go:build pgolabtag

package main

const tag = "on"
