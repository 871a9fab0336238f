//go:build !pgolabtag

package main

const tag = "off"
