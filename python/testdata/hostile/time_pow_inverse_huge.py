# pow with a negative exponent and a modulus takes a modular inverse, a gcd.
a = 3**1300000
m = (1 << 3000000) - 1
pow(a, -1, m)
# limit: steps|time
