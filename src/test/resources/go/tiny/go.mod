module example.com/pgolabtiny

go 1.21
