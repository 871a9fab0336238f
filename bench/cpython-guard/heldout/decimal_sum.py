# Held-out: the decimal module (_decimal, an extension module built with the interpreter).
from decimal import Decimal, getcontext
getcontext().prec = 30
s = Decimal(0)
x = Decimal("1.000001")
for i in range(1, 500000):
    s += Decimal(i) / x
    x = x * Decimal("1.0000001")
print(s)
